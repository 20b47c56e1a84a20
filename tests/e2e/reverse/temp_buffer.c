// A scratch buffer passed as a duplicated argument.  tmp_i = x_i^2, then
// f = sum_{i<n-1} tmp_i tmp_{i+1}, so df/dx_k = 2 x_k (tmp_{k-1} + tmp_{k+1})
// (missing neighbours count as 0).  tmp is fully overwritten, so its shadow is
// back to zero afterwards.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);

double f(const double *x, double *tmp, int n) {
  for (int i = 0; i < n; i++) tmp[i] = x[i] * x[i];
  double s = 0.0;
  for (int i = 0; i + 1 < n; i++) s += tmp[i] * tmp[i + 1];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 8 };
  double x[N], dx[N] = {0}, tmp[N], dtmp[N] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.3 * i - 1.0;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, tmp, dtmp, N);
  for (int k = 0; k < N; k++) {
    double left = k > 0 ? x[k - 1] * x[k - 1] : 0.0;
    double right = k + 1 < N ? x[k + 1] * x[k + 1] : 0.0;
    check("df/dx", k, dx[k], 2.0 * x[k] * (left + right), 1e-14);
    check("dtmp back to zero", k, dtmp[k], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
