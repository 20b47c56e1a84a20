// One prototype for every call, as users often write it: declared to return
// double, also used for a call with no active scalar (pointer arguments only),
// whose result is ignored.  f = sum sin(x_i) x_i.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += sin(x[i]) * x[i];
  return s;
}

double g(double a) { return a * a * a; }

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  const double x[N] = {0.1, -0.7, 1.9, 3.0};
  double dx[N] = {0};
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int i = 0; i < N; i++) check("df/dx", i, dx[i], cos(x[i]) * x[i] + sin(x[i]), 1e-14);
  check("dg/da", 0, __enzyme_autodiff((void *)g, 2.0), 12.0, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
