// Forward mode through a loop and through libm calls.
//   iterate(x, h, k): k steps of x <- x + h g(x), g(x) = sin(x) e^{-x/10}
//     tangents by the chain rule: t <- t (1 + h g'(x)) + dh g(x)
//   lib(x) = e^x log1p(x^2) + sqrt(x^2+1) + pow(x, 2.5) + atan2(x, 2)
//            + tanh(x) cbrt(x) + hypot(x, 3)
//   two(x, y) = pow(x, y) + log(x y) + cos(x) sinh(y)
#include <math.h>
#include <stdio.h>

double __enzyme_fwddiff(void *, ...);

static double gfun(double x) { return sin(x) * exp(-0.1 * x); }
static double gder(double x) { return (cos(x) - 0.1 * sin(x)) * exp(-0.1 * x); }

double iterate(double x, double h, int k) {
  for (int i = 0; i < k; i++) x = x + h * sin(x) * exp(-0.1 * x);
  return x;
}

double lib(double x) {
  return exp(x) * log1p(x * x) + sqrt(x * x + 1.0) + pow(x, 2.5) + atan2(x, 2.0) +
         tanh(x) * cbrt(x) + hypot(x, 3.0);
}

double two(double x, double y) { return pow(x, y) + log(x * y) + cos(x) * sinh(y); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x0 = 0.9, h = 0.3;
  const int k = 25;
  double x = x0, tx = 1.0, th = 0.0;
  for (int i = 0; i < k; i++) {
    tx = tx * (1.0 + h * gder(x));
    th = th * (1.0 + h * gder(x)) + gfun(x);
    x = x + h * gfun(x);
  }
  check("d iterate/dx", __enzyme_fwddiff((void *)iterate, x0, 1.0, h, 0.0, k), tx, 1e-12);
  check("d iterate/dh", __enzyme_fwddiff((void *)iterate, x0, 0.0, h, 1.0, k), th, 1e-12);
  check("d iterate (0 steps)", __enzyme_fwddiff((void *)iterate, x0, 1.0, h, 1.0, 0), 1.0, 0.0);
  const double xs[] = {0.25, 1.0, 2.7};
  for (int i = 0; i < 3; i++) {
    double v = xs[i], t = tanh(v);
    double want = exp(v) * log1p(v * v) + exp(v) * 2.0 * v / (1.0 + v * v) + v / sqrt(v * v + 1.0) +
                  2.5 * pow(v, 1.5) + 2.0 / (v * v + 4.0) + (1.0 - t * t) * cbrt(v) +
                  t * cbrt(v) / (3.0 * v) + v / hypot(v, 3.0);
    check("lib'", __enzyme_fwddiff((void *)lib, v, 1.0), want, 1e-13);
  }
  const double a = 1.7, b = 0.6;
  check("two_x", __enzyme_fwddiff((void *)two, a, 1.0, b, 0.0),
        b * pow(a, b - 1.0) + 1.0 / a - sin(a) * sinh(b), 1e-14);
  check("two_y", __enzyme_fwddiff((void *)two, a, 0.0, b, 1.0),
        pow(a, b) * log(a) + 1.0 / b + cos(a) * cosh(b), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
