// Special functions of libm with known derivatives:
//   tgamma' = tgamma * digamma, lgamma' = digamma, j0' = -j1, y0' = -y1,
//   j1' = j0 - j1/x.  digamma is checked by central differences of lgamma.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, double);

double f_tgamma(double x) { return tgamma(x); }
double f_lgamma(double x) { return lgamma(x); }
double f_j0(double x) { return j0(x); }
double f_j1(double x) { return j1(x); }
double f_y0(double x) { return y0(x); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {0.6, 1.5, 3.2};
  for (int k = 0; k < 3; k++) {
    double x = xs[k], h = 1e-6;
    double digamma = (lgamma(x + h) - lgamma(x - h)) / (2 * h);
    check("lgamma'", __enzyme_autodiff((void *)f_lgamma, x), digamma, 1e-6);
    check("tgamma'", __enzyme_autodiff((void *)f_tgamma, x), tgamma(x) * digamma, 1e-6);
    check("j0'", __enzyme_autodiff((void *)f_j0, x), -j1(x), 1e-12);
    check("j1'", __enzyme_autodiff((void *)f_j1, x), j0(x) - j1(x) / x, 1e-12);
    check("y0'", __enzyme_autodiff((void *)f_y0, x), -y1(x), 1e-12);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
