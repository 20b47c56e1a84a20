// A 10^6-term series with a libm call per term: sum_{i=1}^{n} pow(x,i)/i,
// which is -log(1-x) for |x| < 1; its derivative sum x^(i-1) is 1/(1-x).
// The exponent comes from the integer loop counter, so it is inactive.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double log_series(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += pow(x, i) / i;
  return s;
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
  const double xs[] = {0.5, 0.25, 0.75};
  for (int k = 0; k < 3; k++) {
    double x = xs[k];
    char what[64];
    snprintf(what, sizeof what, "primal log_series(%g)", x);
    check(what, log_series(x, n), -log1p(-x), 1e-13);
    snprintf(what, sizeof what, "d log_series/dx at %g", x);
    check(what, __enzyme_autodiff((void *)log_series, x, n), 1.0 / (1.0 - x), 1e-12);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
