// enzyme_dup: pointer followed by its shadow.  f = sum_i w_i x_i^2/(1+x_i^2),
// so df/dx_i = 2 w_i x_i / (1+x_i^2)^2 and df/dw_i = x_i^2/(1+x_i^2).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

double f(const double *x, const double *w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += w[i] * x[i] * x[i] / (1.0 + x[i] * x[i]);
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
  enum { N = 6 };
  double x[N], w[N], dx[N] = {0}, dw[N] = {0}, dx2[N] = {0};
  for (int i = 0; i < N; i++) {
    x[i] = -1.5 + 0.6 * i;
    w[i] = 1.0 + 0.5 * i;
  }
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, w, dw, N);
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx2, enzyme_const, w, N);
  for (int i = 0; i < N; i++) {
    double q = 1.0 + x[i] * x[i];
    check("df/dx", i, dx[i], 2.0 * w[i] * x[i] / (q * q), 1e-14);
    check("df/dw", i, dw[i], x[i] * x[i] / q, 1e-14);
    check("df/dx (w const)", i, dx2[i], 2.0 * w[i] * x[i] / (q * q), 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
