// A custom tangent rule (register_derivative).  It must be called exactly once
// per call of the function in a width-1 forward pass, and its result used.
// mycbrt computes cbrt by Newton steps; the rule returns dx / (3 cbrt(x)^2).
//   f(x) = x mycbrt(x) = x^{4/3}:  f' = 4/3 cbrt(x)
//   g(x, y) = mycbrt(x y) + y:     tangent (dx y + x dy) / (3 cbrt(x y)^2) + dy
#include <math.h>
#include <stdio.h>

double __enzyme_fwddiff(void *, ...);

int fwd_calls;

__attribute__((noinline)) double mycbrt(double x) {
  double r = x > 1.0 ? x : 1.0;
  for (int i = 0; i < 60; i++) r = (2.0 * r + x / (r * r)) / 3.0;
  return r;
}

double mycbrt_fwd(double x, double dx) {
  fwd_calls++;
  double c = cbrt(x);
  return dx / (3.0 * c * c);
}

void *__enzyme_register_derivative_mycbrt[2] = {(void *)mycbrt, (void *)mycbrt_fwd};

double f(double x) { return x * mycbrt(x); }
double g(double x, double y) { return mycbrt(x * y) + y; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x = 2.7;
  check("mycbrt", mycbrt(x), cbrt(x), 1e-14);
  double t = __enzyme_fwddiff((void *)f, x, 1.0);
  check("calls after one fwddiff", fwd_calls, 1, 0.0);
  check("f'", t, 4.0 / 3.0 * cbrt(x), 1e-14);
  const double a = 1.5, b = 0.8, da = 0.5, db = -2.0, c = cbrt(a * b);
  t = __enzyme_fwddiff((void *)g, a, da, b, db);
  check("calls after two fwddiffs", fwd_calls, 2, 0.0);
  check("g tangent", t, (da * b + a * db) / (3.0 * c * c) + db, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
