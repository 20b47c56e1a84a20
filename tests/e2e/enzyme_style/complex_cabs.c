// The modulus of a complex number built from active parts, with cabs (no
// complex multiplication):  f(x, y) = cabs(x + i y) * x + cabs(3 + i x y)
//   df/dx = x^2/r + r + x y^2 / s,  df/dy = x y / r + x^2 y / s
//   with r = |x + iy|, s = |3 + i x y|
#include <complex.h>
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dy; } D2;
D2 __enzyme_autodiff(void *, ...);

double f(double x, double y) { return cabs(__builtin_complex(x, y)) * x + cabs(__builtin_complex(3.0, x * y)); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 1.2, y = -0.5;
  double r = hypot(x, y), s = hypot(3.0, x * y);
  D2 g = __enzyme_autodiff((void *)f, x, y);
  check("df/dx", g.dx, x * x / r + r + x * y * y / s);
  check("df/dy", g.dy, x * y / r + x * x * y / s);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
