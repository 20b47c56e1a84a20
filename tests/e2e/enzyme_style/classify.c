// Classification and rounding to integers inside differentiated code: the
// calls return no float (isnan/isinf/isfinite/signbit become
// llvm.is.fpclass or libm calls; lround/ilogb return integers), so they pass
// no derivative on, but the branches they steer must still be followed.
//   f(x) = x^2 (finite x),  g(x) = lround(3x) * x:  g' = lround(3x)
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, double);

double f(double x) { return (isnan(x) || isinf(x) || !isfinite(x)) ? 0.0 : x * x; }
double g(double x) { return (double)lround(3.0 * x) * x + (signbit(x) ? -x : x) * ilogb(8.0); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-14 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {1.5, -0.7, 2.2};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    check("f'", __enzyme_autodiff((void *)f, x), 2.0 * x);
    check("g'", __enzyme_autodiff((void *)g, x), (double)lround(3.0 * x) + (x < 0 ? -3.0 : 3.0));
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
