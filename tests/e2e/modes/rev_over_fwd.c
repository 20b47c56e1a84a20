// Reverse over forward: dtan() calls __enzyme_fwddiff, and __enzyme_autodiff
// of dtan() gives second derivatives.
//   f(x) = x^3 e^x:  f' = (3x^2 + x^3) e^x,  f'' = (6x + 6x^2 + x^3) e^x
//   g(x, y) = x^2 sin y, tangent along (1, 0): 2x sin y; its gradient is
//   (2 sin y, 2x cos y)
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dy; } pair;
double __enzyme_fwddiff(void *, ...);
double __enzyme_autodiff(void *, ...);
pair __enzyme_autodiff_pair(void *, ...);

double f(double x) { return x * x * x * exp(x); }
double df(double x) { return __enzyme_fwddiff((void *)f, x, 1.0); }

double g(double x, double y) { return x * x * sin(y); }
double dg_dx(double x, double y) { return __enzyme_fwddiff((void *)g, x, 1.0, y, 0.0); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  for (int k = 0; k < 3; k++) {
    double x = -0.8 + 0.9 * k, y = 0.3 + 0.7 * k;
    check("f'", df(x), (3 * x * x + x * x * x) * exp(x), 1e-13);
    check("f''", __enzyme_autodiff((void *)df, x), (6 * x + 6 * x * x + x * x * x) * exp(x), 1e-13);
    pair h = __enzyme_autodiff_pair((void *)dg_dx, x, y);
    check("d/dx (dg/dx)", h.dx, 2 * sin(y), 1e-14);
    check("d/dy (dg/dx)", h.dy, 2 * x * cos(y), 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
