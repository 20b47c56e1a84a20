// Piecewise functions built from comparisons and fmin/fmax/fabs/copysign/floor:
//   clampsq(x) = clamp(x, -1, 2)^2 via branches:  2x inside, 0 outside
//   chain(x, y) = fmax(fmin(x*y, 3), -3) + fabs(x - y) + copysign(x*x, y) + floor(x)*y
//   huber(r) = |r| <= d ? r^2/2 : d(|r| - d/2)
#include <math.h>
#include <stdio.h>

extern int enzyme_out, enzyme_const;
double __enzyme_autodiff(void *, ...);
typedef struct { double dx, dy; } D2;
D2 __enzyme_autodiff2(void *, ...);

double clampsq(double x) {
  double c = x;
  if (c < -1.0) c = -1.0;
  else if (c > 2.0) c = 2.0;
  return c * c;
}

double chain(double x, double y) {
  return fmax(fmin(x * y, 3.0), -3.0) + fabs(x - y) + copysign(x * x, y) + floor(x) * y;
}

double huber(double r, double d) {
  double a = r < 0 ? -r : r;
  if (a <= d) return 0.5 * r * r;
  return d * (a - 0.5 * d);
}

static int failures;
static void check(const char *what, double at, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s at %g: got %.17g, want %.17g\n", what, at, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {-2.5, -0.5, 0.75, 1.9, 3.0};
  for (int i = 0; i < 5; i++) {
    double x = xs[i];
    check("clampsq", x, __enzyme_autodiff((void *)clampsq, x), (x < -1 || x > 2) ? 0.0 : 2 * x);
    double y = 1.3 - 0.6 * i;
    D2 g = __enzyme_autodiff2((void *)chain, x, y);
    double p = x * y, inside = (p < 3.0 && p > -3.0) ? 1.0 : 0.0;
    double sgn = x - y > 0 ? 1.0 : -1.0, cs = y >= 0 ? 1.0 : -1.0;
    check("chain dx", x, g.dx, inside * y + sgn + 2 * x * cs);
    check("chain dy", x, g.dy, inside * x - sgn + floor(x));
    double r = xs[i] * 0.8;
    double want = fabs(r) <= 1.0 ? r : (r > 0 ? 1.0 : -1.0);
    check("huber", r, __enzyme_autodiff((void *)huber, r, enzyme_const, 1.0), want);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
