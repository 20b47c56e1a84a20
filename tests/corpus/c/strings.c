// String handling: literals with escapes, strlen/strcmp/strcpy, char loops.
#include <string.h>
#include <stdlib.h>
#include <ctype.h>

static const char greeting[] = "hello,\tworld\n\"quoted\" \\ \x01\x7f\xff";
const char *wide = "multi\0embedded";

size_t count_upper(const char *s) {
    size_t n = 0;
    for (; *s; s++)
        if (isupper((unsigned char)*s)) n++;
    return n;
}

char *dup_reverse(const char *s) {
    size_t n = strlen(s);
    char *r = malloc(n + 1);
    if (!r) return NULL;
    for (size_t i = 0; i < n; i++) r[i] = s[n - 1 - i];
    r[n] = '\0';
    return r;
}

int compare(const char *a, const char *b) {
    char buf[64];
    strncpy(buf, a, sizeof buf - 1);
    buf[63] = 0;
    strcat(buf, "!");
    return strcmp(buf, b) + (int)strlen(greeting) + (strchr(a, 'x') != 0) + (int)strspn(b, "abc");
}

int parse_int(const char *s) { return atoi(s) + (int)strtol(s, NULL, 16); }
