// Forward mode on scalars: each unmarked float argument is followed by its
// tangent; enzyme_const arguments have none; ints are constant.
//   f(x, y) = x^2 y + sin(x y):  f_x = 2 x y + y cos(x y),  f_y = x^2 + x cos(x y)
//   powk(x, k) = x^k by a loop:  k x^(k-1)
//   g(x) = x^3 - 2x (float):      3x^2 - 2
#include <math.h>
#include <stdio.h>

extern int enzyme_const;
double __enzyme_fwddiff(void *, ...);
float __enzyme_fwddifff(void *, ...);

double f(double x, double y) { return x * x * y + sin(x * y); }

double powk(double x, int k) {
  double r = 1.0;
  for (int i = 0; i < k; i++) r *= x;
  return r;
}

float g(float x) { return x * x * x - 2.0f * x; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x = 1.3, y = -0.7;
  const double fx = 2 * x * y + y * cos(x * y), fy = x * x + x * cos(x * y);
  check("f_x", __enzyme_fwddiff((void *)f, x, 1.0, y, 0.0), fx, 1e-14);
  check("f_y", __enzyme_fwddiff((void *)f, x, 0.0, y, 1.0), fy, 1e-14);
  check("f_y (x const)", __enzyme_fwddiff((void *)f, enzyme_const, x, y, 1.0), fy, 1e-14);
  check("f_x (y const)", __enzyme_fwddiff((void *)f, x, 1.0, enzyme_const, y), fx, 1e-14);
  check("directional (0.3, -2)", __enzyme_fwddiff((void *)f, x, 0.3, y, -2.0), 0.3 * fx - 2.0 * fy, 1e-14);
  check("all const", __enzyme_fwddiff((void *)f, enzyme_const, x, enzyme_const, y), 0.0, 0.0);
  for (int k = 0; k <= 5; k++)
    check("d x^k", __enzyme_fwddiff((void *)powk, 1.5, 1.0, k), k ? k * pow(1.5, k - 1) : 0.0, 1e-14);
  const float xs[] = {0.5f, -1.75f, 2.0f};
  for (int i = 0; i < 3; i++) {
    double v = xs[i];
    check("g' (float)", __enzyme_fwddifff((void *)g, xs[i], 1.0f), 3.0 * v * v - 2.0, 1e-5);
    check("g' (float, tangent 0.5)", __enzyme_fwddifff((void *)g, xs[i], 0.5f), 0.5 * (3.0 * v * v - 2.0), 1e-5);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
