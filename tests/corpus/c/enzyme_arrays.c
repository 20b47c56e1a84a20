// Enzyme-style gradients through loops over arrays (enzyme_dup shadows).
#include <math.h>
extern int enzyme_dup, enzyme_const, enzyme_out;
void __enzyme_autodiff(void *, ...);

static double norm2(const double *x, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i] * x[i];
    return sqrt(s);
}

static void matvec(const double *A, const double *x, double *y, int n) {
    for (int i = 0; i < n; i++) {
        double acc = 0;
        for (int j = 0; j < n; j++) acc += A[i * n + j] * x[j];
        y[i] = tanh(acc);
    }
}

void grad_norm2(const double *x, double *dx, int n) {
    __enzyme_autodiff((void *)norm2, enzyme_dup, x, dx, enzyme_const, n);
}

void grad_matvec(const double *A, double *dA, const double *x, double *y, double *dy, int n) {
    __enzyme_autodiff((void *)matvec, enzyme_dup, A, dA, enzyme_const, x, enzyme_dup, y, dy, enzyme_const, n);
}
