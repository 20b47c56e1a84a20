// Variadic functions: va_list, va_arg, va_copy, printf-family calls.
#include <stdarg.h>
#include <stdio.h>

double sum_doubles(int count, ...) {
    va_list ap, ap2;
    va_start(ap, count);
    va_copy(ap2, ap);
    double s = 0;
    for (int i = 0; i < count; i++)
        s += va_arg(ap, double);
    for (int i = 0; i < count; i++)
        s += va_arg(ap2, double) * 0.0;
    va_end(ap2);
    va_end(ap);
    return s;
}

long mixed(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    long total = 0;
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': total += va_arg(ap, int); break;
        case 'l': total += va_arg(ap, long); break;
        case 'd': total += (long)va_arg(ap, double); break;
        case 's': total += (long)va_arg(ap, char *)[0]; break;
        }
    }
    va_end(ap);
    return total;
}

int log_msg(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

int main(void) {
    printf("%f %ld\n", sum_doubles(3, 1.0, 2.0, 3.0), mixed("ilds", 1, 2L, 3.5, "x"));
    log_msg(stderr, "%s %d %g\n", "hi", 42, 1.5);
    return 0;
}
