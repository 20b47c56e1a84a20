// Inputs a BLAS call reads are overwritten afterwards (by stores, by the
// call itself, by a later BLAS call in a loop): the reverse pass must see
// the values the call read.  Gradients against central differences.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
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

static int close(const char *what, int k, double got, double want) {
  if (fabs(got - want) <= 1e-6 * (1 + fabs(want))) return 1;
  printf("MISMATCH %s[%d]: got %.10g, want %.10g\n", what, k, got, want);
  return 0;
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
      double s = xs[m][k];
      xs[m][k] = s + h; double fp = eval(x_in, y_in, A_in, a);
      xs[m][k] = s - h; double fm = eval(x_in, y_in, A_in, a);
      xs[m][k] = s;
      ok &= close(m == 0 ? "dx" : m == 1 ? "dy" : "dA", k, ds[m][k], (fp - fm) / (2 * h));
    }
  ok &= close("alpha", 0, da, (eval(x_in, y_in, A_in, a + h) - eval(x_in, y_in, A_in, a - h)) / (2 * h));
  return !ok;
}
