// Forward over reverse (a Hessian-vector product) of a function with complex
// products and quotients: clang calls __muldc3 / __divdc3, and the gradient
// function keeps their { double, double } results whole.  That struct of
// floats was taken for integer bits read as a float and refused.  The
// gradient and the Hessian-vector product are checked against central
// differences.
#include <complex.h>
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static double f(double *x) {
    double _Complex z = x[0] + x[1] * I;
    double _Complex w = x[1] - 0.5 * x[0] * I;
    z = z * z / w;
    return creal(z) * 0.7 + cimag(z);
}
static void grad(double *x, double *g) { __enzyme_autodiff((void *)f, enzyme_dup, x, g); }
static void gradfd(double *x, double *g) {
    for (int i = 0; i < 2; i++) { double s = x[i], h = 1e-6; x[i] = s + h; double p = f(x); x[i] = s - h; double m = f(x); x[i] = s; g[i] = (p - m) / (2 * h); }
}
int main(void) {
    int bad = 0;
    double x[2] = {0.8, -0.4}, t[2] = {0.3, 0.7}, g[2] = {0}, hv[2] = {0}, g0[2];
    double fd[2];
    gradfd(x, fd);
    grad(x, g0);
    for (int i = 0; i < 2; i++) if (fabs(g0[i] - fd[i]) > 1e-6 * (1 + fabs(fd[i]))) { printf("MISMATCH g %d %g %g\n", i, g0[i], fd[i]); bad = 1; }
    __enzyme_fwddiff((void *)grad, enzyme_dup, x, t, enzyme_dup, g, hv);
    for (int i = 0; i < 2; i++) {
        double h = 1e-5, gp[2] = {0}, gm[2] = {0}, xp[2], xm[2];
        for (int j = 0; j < 2; j++) { xp[j] = x[j] + h * t[j]; xm[j] = x[j] - h * t[j]; }
        grad(xp, gp); grad(xm, gm);
        double want = (gp[i] - gm[i]) / (2 * h);
        if (fabs(hv[i] - want) > 1e-5 * (1 + fabs(want))) { printf("MISMATCH hv %d %g %g\n", i, hv[i], want); bad = 1; }
    }
    return bad;
}
