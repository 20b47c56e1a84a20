// The Fortran BLAS interface (dgemm_, dgemv_, daxpy_, dscal_, dcopy_,
// dnrm2_, ddot_): every argument by pointer, column-major, transposes as
// characters in either case; alpha and beta live in local variables, so
// their adjoints go through memory.  Gradients against central
// differences, forward mode against the gradient.
// LDFLAGS: -lopenblas
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
typedef struct { double alpha, beta; } D2;
D2 __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *);
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
            const double *, const int *, const double *, double *, const int *);
void daxpy_(const int *, const double *, const double *, const int *, double *, const int *);
void dscal_(const int *, const double *, double *, const int *);
void dcopy_(const int *, const double *, const int *, double *, const int *);
double dnrm2_(const int *, const double *, const int *);
double ddot_(const int *, const double *, const int *, const double *, const int *);

enum { SIZE = 20 };

static double f(const double *A, const double *B, const double *x, double alpha, double beta) {
  int m = 3, n = 2, k = 4, lda = 5, ldb = 4, ldc = 3, one = 1, two = 2;
  char tb = 'n';
  double zero = 0, unit = 1, C[6], y[3], z[3];
  dgemm_("T", &tb, &m, &n, &k, &alpha, A, &lda, B, &ldb, &zero, C, &ldc);  // C = alpha A^T B
  for (int i = 0; i < 3; i++) y[i] = 1.0 + i;
  dgemv_("N", &m, &n, &unit, C, &ldc, x, &two, &beta, y, &one);          // y = C x + beta y
  dcopy_(&m, y, &one, z, &one);
  daxpy_(&m, &alpha, x, &two, z, &one);
  dscal_(&m, &beta, z, &one);
  return dnrm2_(&m, z, &one) * ddot_(&m, y, &one, x, &one);
}

int main(void) {
  double A[SIZE], B[SIZE], x[SIZE], dA[SIZE] = {0}, dB[SIZE] = {0}, dx[SIZE] = {0};
  double t[3][SIZE], a = 0.9, be = 1.2, h = 1e-6, want = 0;
  for (int k = 0; k < SIZE; k++) A[k] = sin(k + 1.0), B[k] = cos(2.0 * k), x[k] = 0.1 * k - 0.5;
  D2 g = __enzyme_autodiff((void *)f, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, x, dx,
                           enzyme_out, a, enzyme_out, be);
  int ok = 1;
  double *xs[3] = {A, B, x}, *ds[3] = {dA, dB, dx};
  for (int m = 0; m < 3; m++)
    for (int k = 0; k < SIZE; k++) {
      ok &= check_close(m == 0 ? "dA" : m == 1 ? "dB" : "dx", k, ds[m][k],
                        CENTRAL_DIFFERENCE(xs[m][k], h, f(A, B, x, a, be)));
      t[m][k] = cos(3.0 * k + m);
      want += t[m][k] * ds[m][k];
    }
  ok &= check_close("alpha", 0, g.alpha, CENTRAL_DIFFERENCE(a, h, f(A, B, x, a, be)));
  ok &= check_close("beta", 0, g.beta, CENTRAL_DIFFERENCE(be, h, f(A, B, x, a, be)));
  want += 0.5 * g.alpha - 0.25 * g.beta;
  double fwd = __enzyme_fwddiff((void *)f, enzyme_dup, A, t[0], enzyme_dup, B, t[1], enzyme_dup,
                                x, t[2], enzyme_dup, a, 0.5, enzyme_dup, be, -0.25);
  ok &= check_close("forward", 0, fwd, want);
  return !ok;
}
