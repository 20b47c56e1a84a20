// d/dx x^2 = 2x: one active double argument, the gradient is the return value.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double square(double x) { return x * x; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {3.0, -1.5, 0.0, 1e-3, 12345.678};
  for (int i = 0; i < 5; i++) {
    char what[64];
    snprintf(what, sizeof what, "d square/dx at x=%g", xs[i]);
    check(what, __enzyme_autodiff((void *)square, xs[i]), 2.0 * xs[i], 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
