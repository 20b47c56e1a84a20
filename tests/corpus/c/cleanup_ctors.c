// GNU extensions: __attribute__((cleanup)), nested statement expressions, constructors with
// priorities, case ranges, __builtin_choose_expr, zero-length arrays.
#include <stdlib.h>

static void release(char **p) { free(*p); }
int with_cleanup(int n) {
    __attribute__((cleanup(release))) char *buf = malloc(n);
    if (!buf) return -1;
    buf[0] = (char)n;
    return ({ int t = buf[0]; t * 2; });
}

int classify(int c) {
    switch (c) {
    case '0' ... '9': return 1;
    case 'a' ... 'z': return 2;
    default: return 0;
    }
}

struct flex { int n; double items[0]; };
double last(struct flex *f) { return f->n ? f->items[f->n - 1] : 0; }

static int order;
__attribute__((constructor(101))) static void first(void) { order = 1; }
__attribute__((constructor(102))) static void second(void) { order *= 2; }
int get_order(void) { return __builtin_choose_expr(1, order, 0.0); }
