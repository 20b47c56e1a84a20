// sqrt by Newton's iteration with a data-dependent exit test.  The derivative
// of the converged iterate is d sqrt(x)/dx = 1/(2 sqrt(x)).
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double newton_sqrt(double x) {
  double y = x > 1.0 ? x : 1.0;
  while (fabs(y * y - x) > 1e-14 * x) y = 0.5 * (y + x / y);
  return y;
}

// Same, through memory and with the tolerance as a constant argument.
void newton_sqrt_ptr(double *out, const double *x, double tol) {
  double y = *x > 1.0 ? *x : 1.0;
  int iters = 0;
  while (fabs(y * y - *x) > tol * *x && iters < 100) {
    y = y - (y * y - *x) / (2.0 * y);
    iters++;
  }
  *out = y;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

extern int enzyme_const;
void __enzyme_autodiff_ptr(void *, ...);

int main(void) {
  const double xs[] = {2.0, 10.0, 0.3, 12345.0, 1e-4};
  for (int k = 0; k < 5; k++) {
    double x = xs[k];
    char what[64];
    snprintf(what, sizeof what, "d newton_sqrt/dx at %g", x);
    check(what, __enzyme_autodiff((void *)newton_sqrt, x), 0.5 / sqrt(x), 1e-10);
    double out = 0.0, dout = 1.0, dx = 0.0;
    __enzyme_autodiff_ptr((void *)newton_sqrt_ptr, &out, &dout, &x, &dx, enzyme_const, 1e-14);
    snprintf(what, sizeof what, "d newton_sqrt_ptr/dx at %g", x);
    check(what, dx, 0.5 / sqrt(x), 1e-10);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
