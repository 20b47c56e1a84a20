// void cube(double *y, const double *x): outputs through a pointer.  The
// caller seeds the output shadow (dy = 1); the reverse pass adds dy*3x^2 to
// dx and consumes (zeroes) dy, because *y was overwritten.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

void cube(double *y, const double *x) { *y = *x * *x * *x; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {2.0, -0.5, 3.25};
  for (int i = 0; i < 3; i++) {
    double x = xs[i], dx = 0.0, y = 0.0, dy = 1.0;
    __enzyme_autodiff((void *)cube, &y, &dy, &x, &dx);
    check("dx (seed dy=1)", dx, 3.0 * x * x, 1e-14);
    check("dy consumed", dy, 0.0, 0.0);
    check("x unchanged", x, xs[i], 0.0);
    check("primal y = x^3 computed", y, x * x * x, 1e-15);
  }
  // A seed other than 1 scales the gradient.
  double x = 1.5, dx = 0.0, y = 0.0, dy = 2.5;
  __enzyme_autodiff((void *)cube, &y, &dy, &x, &dx);
  check("dx (seed dy=2.5)", dx, 2.5 * 3.0 * x * x, 1e-14);
  check("dy consumed (seed 2.5)", dy, 0.0, 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
