// Function pointers: callbacks, tables of functions, qsort, returning function pointers.
#include <stdlib.h>

typedef double (*unary)(double);
typedef int (*cmpfn)(const void *, const void *);

static double sq(double x) { return x * x; }
static double neg(double x) { return -x; }
static double half(double x) { return x / 2; }

static unary table[] = { sq, neg, half };

double apply_all(double x) {
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) x = table[i](x);
    return x;
}

unary pick(int i) { return i < 0 ? 0 : table[i % 3]; }

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

void sort_ints(int *v, size_t n) { qsort(v, n, sizeof *v, cmp_int); }

double integrate(unary f, double a, double b, int n) {
    double h = (b - a) / n, s = 0;
    for (int i = 0; i < n; i++) s += f(a + (i + 0.5) * h);
    return s * h;
}

struct ops { double (*op)(double, double); const char *name; };
static double add(double a, double b) { return a + b; }
static double mul(double a, double b) { return a * b; }
struct ops optable[] = { { add, "add" }, { mul, "mul" } };
double run(int i, double a, double b) { return optable[i & 1].op(a, b); }
