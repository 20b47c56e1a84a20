// Two active scalars: the gradients come back as a struct of two doubles, in
// argument order.  f(x, y) = x^2 y + sin(y).
#include <math.h>
#include <stdio.h>

typedef struct { double a, b; } D2;
D2 __enzyme_autodiff(void *, ...);

double f(double x, double y) { return x * x * y + sin(y); }

// An integer in between does not take a slot in the result.
double g(double x, int n, double y) { return n * x / y; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double pts[][2] = {{1.0, 2.0}, {-0.5, 0.3}, {3.0, -1.25}};
  for (int k = 0; k < 3; k++) {
    double x = pts[k][0], y = pts[k][1];
    D2 d = __enzyme_autodiff((void *)f, x, y);
    check("df/dx", d.a, 2.0 * x * y, 1e-14);
    check("df/dy", d.b, x * x + cos(y), 1e-14);
    D2 e = __enzyme_autodiff((void *)g, x, 3, y);
    check("dg/dx", e.a, 3.0 / y, 1e-14);
    check("dg/dy", e.b, -3.0 * x / (y * y), 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
