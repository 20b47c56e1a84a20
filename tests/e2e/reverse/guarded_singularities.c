// Values computed at a singular point but not used: sqrt(x) at 0, x / y at
// y = 0, log(x) at 0, asin(x) at 1, a NaN test deciding the branch.  Their
// adjoints (and tangents) are 0, and 0 times the infinite partial must not
// make the gradient NaN: the derivative there is that of the branch taken.
// Closed forms, reverse and forward mode.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double safe_sqrt(double x) { double r = sqrt(x); return x > 0 ? r : 0.5 * x; }
double safe_div(double x, double y) { double q = x / y; return y != 0 ? q : x; }
double safe_log(double x) { double l = log(x); return x > 0 ? l * x : 2 * x; }
double clamp_asin(double x) { double a = asin(x); return x < 1 ? a : 3 * x; }
double nan_test(double x) { double r = sqrt(x - 1.0); return isnan(r) ? x * x : r; }
// sqrt(y) is used, but y's tangent is 0 in the forward run: 0, not NaN.
double sum_sqrt(double x, double y) { return x + sqrt(y); }

struct pair { double x, y; };

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  check("safe_sqrt", __enzyme_autodiff((void *)safe_sqrt, 0.0), 0.5);
  check("fwd safe_sqrt", __enzyme_fwddiff((void *)safe_sqrt, 0.0, 1.0), 0.5);
  check("safe_sqrt at 4", __enzyme_autodiff((void *)safe_sqrt, 4.0), 0.25);
  struct pair d = ((struct pair (*)(void *, ...))__enzyme_autodiff)((void *)safe_div, 3.0, 0.0);
  check("safe_div dx", d.x, 1.0);
  check("safe_div dy", d.y, 0.0);
  check("fwd safe_div", __enzyme_fwddiff((void *)safe_div, 3.0, 1.0, 0.0, 1.0), 1.0);
  check("safe_log", __enzyme_autodiff((void *)safe_log, 0.0), 2.0);
  check("safe_log at 2", __enzyme_autodiff((void *)safe_log, 2.0), log(2.0) + 1.0);
  check("clamp_asin", __enzyme_autodiff((void *)clamp_asin, 1.0), 3.0);
  check("nan_test", __enzyme_autodiff((void *)nan_test, 0.5), 1.0);
  check("fwd nan_test", __enzyme_fwddiff((void *)nan_test, 0.5, 1.0), 1.0);
  check("fwd sum_sqrt", __enzyme_fwddiff((void *)sum_sqrt, 2.0, 1.0, 0.0, 0.0), 1.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
