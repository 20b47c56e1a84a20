// Control flow: early return, a ternary (select), if/else-if chains, and an
// early return from inside a loop.  Test points stay away from the kinks.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);

double piecewise(double x) {
  if (x > 10.0) return 100.0 + x;
  double r = x < 0.0 ? -x * x : x * x * x;
  if (r > 50.0)
    r = 50.0 + log(r);
  else if (r < -4.0)
    r = -4.0 + (r + 4.0) * 0.5;
  return 2.0 * r;
}

// Returns a[i]^2 for the first a[i] > t, or t if there is none.
double first_above(const double *a, int n, double t) {
  for (int i = 0; i < n; i++)
    if (a[i] > t) return a[i] * a[i];
  return t;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  // x: 12 (early return), -1 (-x^2), -3 (-x^2 < -4), 2 (x^3), 4 (x^3 > 50)
  const double xs[5] = {12.0, -1.0, -3.0, 2.0, 4.0};
  const double want[5] = {1.0, 4.0, 6.0, 24.0, 1.5};
  for (int i = 0; i < 5; i++) {
    char what[64];
    snprintf(what, sizeof what, "piecewise'(%g)", xs[i]);
    check(what, __enzyme_autodiff((void *)piecewise, xs[i]), want[i], 1e-14);
  }
  enum { N = 5 };
  const double a[N] = {0.5, 1.0, 2.5, 3.0, 0.1};
  double da[N] = {0};
  double dt = __enzyme_autodiff((void *)first_above, enzyme_dup, a, da, N, 2.0);
  check("d first_above/dt (found)", dt, 0.0, 0.0);
  for (int i = 0; i < N; i++) check("d first_above/da (found)", da[i], i == 2 ? 5.0 : 0.0, 1e-15);
  double db[N] = {0};
  dt = __enzyme_autodiff((void *)first_above, enzyme_dup, a, db, N, 7.0);
  check("d first_above/dt (none)", dt, 1.0, 0.0);
  for (int i = 0; i < N; i++) check("d first_above/da (none)", db[i], 0.0, 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
