// cbrt'(x) = cbrt(x) / (3x), from the taped cbrt(x): +inf at x = 0 (the
// tangent is vertical; not 0 / 0), finite past |x| = 6e307 (where 3x
// overflows), and exact to rounding elsewhere, in double and float.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
float __enzyme_autodifff(void *, ...);

double f(double x) { return cbrt(x); }
float ff(float x) { return cbrtf(x); }

static int failures;
static void check(const char *what, double x, double got, double want, double tol) {
  if (got == want || (isfinite(want) && fabs(got - want) <= tol * fabs(want))) return;
  printf("MISMATCH %s at %g: got %.17g, want %.17g\n", what, x, got, want);
  failures++;
}

int main(void) {
  volatile double z = 0.0;
  const double xs[] = {0.0, -0.0, -8.0, 2.0, 1e308, -1e308, 1e-310, 5e-324, 7.5e-300};
  const float xfs[] = {0.0f, -0.0f, -8.0f, 2.0f, 3e38f, -3e38f, 1e-40f, 1e-45f, 7.5e-30f};
  for (int i = 0; i < 9; i++) {
    double x = xs[i] + z, c = cbrtl(x);
    double want = x == 0 ? INFINITY : (double)(1 / (3 * (long double)c * c));
    check("cbrt'", x, __enzyme_autodiff((void *)f, x), want, 1e-15);
    float xf = xfs[i] + (float)z, cf = cbrtf(xf);
    float wantf = xf == 0 ? INFINITY : (float)(1 / (3 * (double)cf * cf));
    check("cbrtf'", xf, __enzyme_autodifff((void *)ff, xf), wantf, 1e-6);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
