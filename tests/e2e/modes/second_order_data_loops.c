/* Second derivatives of loops whose trip counts depend on active data: a
 * Newton iteration run until converged (forward over reverse, against the
 * closed form), a series with an early break (forward over reverse and
 * reverse over forward, against central differences of the first). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
/* sqrt(a) by Newton until converged: the trip count depends on a */
__attribute__((noinline)) double newton(double a) {
  double y = a > 1 ? a : 1, err = 1;
  int it = 0;
  while (err > 1e-15 * y && it < 100) { double n = 0.5 * (y + a / y); err = fabs(n - y); y = n; it++; }
  return y * y * y;     /* a^1.5 */
}
__attribute__((noinline)) double d_newton(double a) { return __enzyme_autodiff((void *)newton, a); }
/* early exit from a loop over data, differentiated twice */
__attribute__((noinline)) double until(double x) {
  double s = 0, t = x;
  for (int i = 0; i < 50; i++) { s += t; t *= x / (i + 2); if (t < 1e-3) break; }
  return s;
}
__attribute__((noinline)) double d_until(double x) { return __enzyme_autodiff((void *)until, x); }
__attribute__((noinline)) double fd_until(double x) { return __enzyme_fwddiff((void *)until, x, 1.0); }
int main(void) {
  int bad = 0;
  double as[] = {0.3, 2.0, 9.0, 50.0};
  for (int k = 0; k < 4; k++) {
    double a = as[k];
    bad += !check_close("newton d2", k, __enzyme_fwddiff((void *)d_newton, a, 1.0), 0.75 / sqrt(a));
    bad += !check_close("newton d1", k, d_newton(a), 1.5 * sqrt(a));
    double x = 0.4 + k * 0.9;
    double want = CENTRAL_DIFFERENCE(x, 1e-4, d_until(x));
    bad += !check_close("until fwd over rev", k, __enzyme_fwddiff((void *)d_until, x, 1.0), want);
    bad += !check_close("until rev over fwd", k, __enzyme_autodiff((void *)fd_until, x), want);
  }
  return bad != 0;
}
