// A Taylor series loop of 10^6 terms: sum_{i<n} x^i/i!, each term computed
// from the previous one.  d/dx of the truncated series is the same series
// with one term fewer, i.e. exp(x) to double precision.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double exp_series(double x, int n) {
  double term = 1.0, sum = 1.0;
  for (int i = 1; i < n; i++) {
    term *= x / i;
    sum += term;
  }
  return sum;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const int n = 1000000;
  const double xs[] = {1.5, -2.0, 0.25};
  for (int k = 0; k < 3; k++) {
    char what[64];
    snprintf(what, sizeof what, "primal exp_series(%g)", xs[k]);
    check(what, exp_series(xs[k], n), exp(xs[k]), 1e-13);
    snprintf(what, sizeof what, "d exp_series/dx at %g", xs[k]);
    check(what, __enzyme_autodiff((void *)exp_series, xs[k], n), exp(xs[k]), 1e-12);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
