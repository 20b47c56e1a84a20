// Bessel functions of integer order with the order as a (constant) int
// argument: d/dx jn(n, x) = (jn(n-1, x) - jn(n+1, x)) / 2, same for yn.
//   f(x) = jn(3, x) + 2 yn(2, x)
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double f(double x) { return jn(3, x) + 2.0 * yn(2, x); }

static int failures;
static void check(const char *what, double at, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s at %g: got %.17g, want %.17g\n", what, at, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {0.5, 1.7, 4.2};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    double want = 0.5 * (jn(2, x) - jn(4, x)) + (yn(1, x) - yn(3, x));
    check("df", x, __enzyme_autodiff((void *)f, x), want);
    check("df (forward)", x, __enzyme_fwddiff((void *)f, x, 1.0), want);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
