// enzyme_const: a marked scalar or pointer is inactive (no gradient slot, no
// shadow).  f = y * sum_i p[i] sin((i+1) x) + x y^2.
#include <math.h>
#include <stdio.h>

extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
void __enzyme_autodiff_void(void *, ...);

double f(double x, double y, const double *p, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += p[i] * sin((i + 1) * x);
  return y * s + x * y * y;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  const double p[N] = {1.0, -0.5, 0.25, 2.0};
  const double x = 0.7, y = -1.3;
  double dfdx = y * y, dfdy = 2.0 * x * y;
  for (int i = 0; i < N; i++) {
    dfdx += y * p[i] * (i + 1) * cos((i + 1) * x);
    dfdy += p[i] * sin((i + 1) * x);
  }
  check("df/dx (y, p const)",
        __enzyme_autodiff((void *)f, x, enzyme_const, y, enzyme_const, p, N), dfdx, 1e-13);
  check("df/dy (x, p const)",
        __enzyme_autodiff((void *)f, enzyme_const, x, y, enzyme_const, p, N), dfdy, 1e-13);
  double dp[N] = {0};
  __enzyme_autodiff_void((void *)f, enzyme_const, x, enzyme_const, y, p, dp, N);
  for (int i = 0; i < N; i++) {
    char what[32];
    snprintf(what, sizeof what, "df/dp[%d]", i);
    check(what, dp[i], y * sin((i + 1) * x), 1e-13);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
