// BLAS level 1 (copy, scal, axpy, nrm2, dot) chained on a local vector,
// with strides 2 and -1 and an active alpha: gradients against central
// differences, forward mode against the gradient.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 4 };

static double f(const double *x, const double *y, double alpha, int n) {
  double z[N];
  cblas_dcopy(n, x, 2, z, 1);          // z = x[0], x[2], ...
  cblas_dscal(n, alpha, z, 1);         // z *= alpha
  cblas_daxpy(n, alpha, y, -1, z, 1);  // z += alpha * (y backwards)
  double r = cblas_dnrm2(n, z, 1);
  return r * cblas_ddot(n, z, 1, y, 1) + cblas_ddot(n, x, 2, x, 2);
}

int main(void) {
  double x[2 * N], y[N], dx[2 * N] = {0}, dy[N] = {0}, tx[2 * N], ty[N], a = 0.8, h = 1e-6;
  for (int k = 0; k < 2 * N; k++) x[k] = sin(k + 0.5), tx[k] = cos(k);
  for (int k = 0; k < N; k++) y[k] = 0.3 * k - 0.4, ty[k] = 1.0 / (k + 1);
  double da = __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_out, a,
                                enzyme_const, N);
  int ok = 1;
  double want = 0.5 * da;
  for (int k = 0; k < 2 * N; k++) {
    ok &= check_close("dx", k, dx[k],
                      CENTRAL_DIFFERENCE(x[k], h, f(x, y, a, N)));
    want += tx[k] * dx[k];
  }
  for (int k = 0; k < N; k++) {
    ok &= check_close("dy", k, dy[k],
                      CENTRAL_DIFFERENCE(y[k], h, f(x, y, a, N)));
    want += ty[k] * dy[k];
  }
  ok &= check_close("alpha", 0, da, CENTRAL_DIFFERENCE(a, h, f(x, y, a, N)));
  double fwd = __enzyme_fwddiff((void *)f, enzyme_dup, x, tx, enzyme_dup, y, ty, enzyme_dup, a,
                                0.5, enzyme_const, N);
  ok &= check_close("forward", 0, fwd, want);
  return !ok;
}
