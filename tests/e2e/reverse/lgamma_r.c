// lgamma_r (and lgammaf_r), the reentrant lgamma that stores the sign of
// gamma(x) through a pointer: d/dx = digamma(x), checked against central
// differences, reverse and forward mode, for x where gamma(x) < 0 too.
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float __enzyme_autodiff_f(void *, ...) __asm__("__enzyme_autodiff");

double lgamma_r(double, int *);
float lgammaf_r(float, int *);

double signed_lgamma(double x) { int s; double l = lgamma_r(x, &s); return l * (double)s; }
float signed_lgammaf(float x) { int s; float l = lgammaf_r(x, &s); return l * (float)s; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (fabs(got - want) > tol * (1.0 + fabs(want))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {1.3, 2.5, 4.1, -0.5};
  for (int i = 0; i < 4; i++) {
    double x = xs[i], h = 1e-6;
    double fd = (signed_lgamma(x + h) - signed_lgamma(x - h)) / (2 * h);
    check("lgamma_r", __enzyme_autodiff((void *)signed_lgamma, x), fd, 1e-6);
    check("fwd lgamma_r", __enzyme_fwddiff((void *)signed_lgamma, x, 1.0), fd, 1e-6);
    float hf = 1e-2f;
    double fdf = (signed_lgammaf((float)x + hf) - signed_lgammaf((float)x - hf)) / (2 * hf);
    check("lgammaf_r", __enzyme_autodiff_f((void *)signed_lgammaf, (float)x), fdf, 1e-2);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
