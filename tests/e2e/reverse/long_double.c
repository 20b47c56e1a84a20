// long double (x86_fp80) through arithmetic and the l-suffixed libm:
//   f(x, y) = x^2 y + sinl(x) expl(y) / sqrtl(1 + y^2) + powl(x, 3)
// checked against closed form in reverse and forward mode, through a double
// wrapper.
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dy; } pair;
pair __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

long double f(long double x, long double y) {
  return x * x * y + sinl(x) * expl(y) / sqrtl(1.0L + y * y) + powl(x, 3.0L);
}

double g(double x, double y) { return (double)f(x, y); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {0.3, -1.2, 2.5};
  const double ys[] = {0.7, 1.9, -0.4};
  for (int k = 0; k < 3; k++) {
    double x = xs[k], y = ys[k];
    pair d = __enzyme_autodiff((void *)g, x, y);
    double r = sqrt(1.0 + y * y);
    double fx = 2 * x * y + cos(x) * exp(y) / r + 3 * x * x;
    double fy = x * x + sin(x) * exp(y) / r - sin(x) * exp(y) * y / (r * r * r);
    check("df/dx", d.dx, fx, 1e-12);
    check("df/dy", d.dy, fy, 1e-12);
    check("forward df/dx", __enzyme_fwddiff((void *)g, x, 1.0, y, 0.0), fx, 1e-12);
    check("forward df/dy", __enzyme_fwddiff((void *)g, x, 0.0, y, 1.0), fy, 1e-12);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
