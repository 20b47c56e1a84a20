// Inputs a BLAS call reads are overwritten afterwards (by stores, by the
// call itself, by a later BLAS call in a loop): the reverse pass must see
// the values the call read.  Gradients against central differences.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);

enum { N = 3 };

static double f(double *x, double *y, double *A, double alpha, int n) {
  double d = cblas_ddot(n, x, 1, y, 1);
  x[0] = 3 * x[1];
  y[1] = y[0] * y[2];
  cblas_dscal(n, alpha, x, 1);             // alpha's adjoint needs x before the call
  double g[N];
  cblas_dgemv(CblasColMajor, CblasNoTrans, n, n, 1.0, A, n, x, 1, 0.0, g, 1);
  A[0] = 0;
  A[4] = -A[4];
  x[2] = 7;
  double s = d * cblas_ddot(n, g, 1, g, 1) + x[0] + y[1] + A[4];
  for (int it = 0; it < 3; it++) {          // each ddot reads the x the axpy then changes
    s += cblas_ddot(n, x, 1, y, 1) * (it + 1);
    cblas_daxpy(n, 0.5, y, 1, x, 1);
  }
  return s;
}

static double x_in[N] = {0.5, -1.0, 2.0}, y_in[N] = {1.5, 0.25, -0.75}, A_in[N * N];

static double eval(const double *x, const double *y, const double *A, double alpha) {
  double xc[N], yc[N], Ac[N * N];
  memcpy(xc, x, sizeof xc), memcpy(yc, y, sizeof yc), memcpy(Ac, A, sizeof Ac);
  return f(xc, yc, Ac, alpha, N);
}

int main(void) {
  for (int k = 0; k < N * N; k++) A_in[k] = sin(k + 1.0);
  double x[N], y[N], A[N * N], dx[N] = {0}, dy[N] = {0}, dA[N * N] = {0}, a = 1.3, h = 1e-6;
  memcpy(x, x_in, sizeof x), memcpy(y, y_in, sizeof y), memcpy(A, A_in, sizeof A);
  double da = __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_dup, A,
                                dA, enzyme_out, a, enzyme_const, N);
  int ok = 1;
  double *xs[3] = {x_in, y_in, A_in}, *ds[3] = {dx, dy, dA};
  for (int m = 0; m < 3; m++)
    for (int k = 0; k < (m == 2 ? N * N : N); k++) {
      ok &= check_close(m == 0 ? "dx" : m == 1 ? "dy" : "dA", k, ds[m][k],
                        CENTRAL_DIFFERENCE(xs[m][k], h, eval(x_in, y_in, A_in, a)));
    }
  ok &= check_close("alpha", 0, da, CENTRAL_DIFFERENCE(a, h, eval(x_in, y_in, A_in, a)));
  return !ok;
}
