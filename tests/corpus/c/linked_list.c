// Heap-allocated linked list: malloc/realloc/free, pointer chasing, NULL checks.
#include <stdlib.h>
#include <stdio.h>

struct node { double value; struct node *next; };

struct node *push(struct node *head, double v) {
    struct node *n = malloc(sizeof *n);
    if (!n) { perror("malloc"); exit(1); }
    n->value = v;
    n->next = head;
    return n;
}

double sum(const struct node *n) { double s = 0; for (; n; n = n->next) s += n->value; return s; }

struct node *reverse(struct node *n) {
    struct node *prev = NULL;
    while (n) { struct node *next = n->next; n->next = prev; prev = n; n = next; }
    return prev;
}

void destroy(struct node *n) { while (n) { struct node *next = n->next; free(n); n = next; } }

double *to_array(const struct node *n, size_t *len) {
    double *a = NULL;
    size_t cap = 0, k = 0;
    for (; n; n = n->next) {
        if (k == cap) { cap = cap ? cap * 2 : 4; a = realloc(a, cap * sizeof *a); }
        a[k++] = n->value;
    }
    *len = k;
    return a;
}
