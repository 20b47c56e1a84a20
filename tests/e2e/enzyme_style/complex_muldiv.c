// C99 complex multiplication and division of double _Complex values (clang
// calls __muldc3/__divdc3, at -O1 and above on the NaN slow path only):
//   f(a, b) = Re(q)^2 + Im(q)^2,  q = z^2 / (1 + w),  z = a + ib, w = b + ia
//           = (a^2 + b^2)^2 / ((1 + b)^2 + a^2)
#include <complex.h>
#include <math.h>
#include <stdio.h>

typedef struct { double da, db; } D2;
D2 __enzyme_autodiff(void *, ...);

double f(double a, double b) {
  double complex z = a + b * I, w = b + a * I;
  double complex q = z * z / (1.0 + w);
  return creal(q) * creal(q) + cimag(q) * cimag(q);
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double a = 0.7, b = -0.4;
  double r = a * a + b * b, d = (1 + b) * (1 + b) + a * a;
  check("f", f(a, b), r * r / d);
  D2 g = __enzyme_autodiff((void *)f, a, b);
  // d/da r^2/d = 4 a r / d - r^2 2a / d^2;  d/db = 4 b r / d - r^2 2(1+b) / d^2
  check("da", g.da, 4 * a * r / d - r * r * 2 * a / (d * d));
  check("db", g.db, 4 * b * r / d - r * r * 2 * (1 + b) / (d * d));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
