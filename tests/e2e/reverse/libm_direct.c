// The function to differentiate may itself be a math library function, which
// has no body in the module: its derivative rule is used directly.
//   d sin/dx = cos x,  d pow(x, y) = (y x^(y-1), x^y log x),  d expf/dx = expf,
//   forward: d exp = exp, d hypot(x, y)/dy = y / hypot.
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dy; } pair;
double __enzyme_autodiff(void *, ...);
pair __enzyme_autodiff_pair(void *, ...);
float __enzyme_autodiff_f(void *, ...);
double __enzyme_fwddiff(void *, ...);

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 0.7, y = 2.3;
  check("sin", __enzyme_autodiff((void *)sin, x), cos(x), 1e-15);
  pair p = __enzyme_autodiff_pair((void *)pow, x, y);
  check("pow dx", p.dx, y * pow(x, y - 1), 1e-14);
  check("pow dy", p.dy, pow(x, y) * log(x), 1e-14);
  check("expf", __enzyme_autodiff_f((void *)expf, 0.5f), expf(0.5f), 1e-6);
  check("forward exp", __enzyme_fwddiff((void *)exp, x, 1.0), exp(x), 1e-15);
  check("forward hypot", __enzyme_fwddiff((void *)hypot, x, 0.0, y, 1.0), y / hypot(x, y), 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
