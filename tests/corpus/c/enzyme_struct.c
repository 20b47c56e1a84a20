// Enzyme-style differentiation of code using structs, pointers and libm.
#include <math.h>
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);

struct particle { double x, v, m; };

static double energy(const struct particle *p, int n, double k) {
    double e = 0;
    for (int i = 0; i < n; i++) {
        e += 0.5 * p[i].m * p[i].v * p[i].v;
        e += k * (1.0 - cos(p[i].x)) + exp(-p[i].x * p[i].x);
    }
    return e;
}

static double piecewise(double x) {
    if (x < 0) return -x * x;
    if (x < 1) return sin(x);
    return log(x) + pow(x, 1.5);
}

double grad_energy(struct particle *p, struct particle *dp, int n, double k) {
    return __enzyme_autodiff((void *)energy, enzyme_dup, p, dp, enzyme_const, n, enzyme_out, k);
}
double dpiece(double x) { return __enzyme_autodiff((void *)piecewise, enzyme_out, x); }
