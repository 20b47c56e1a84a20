// CFLAGS: -ffast-math
/* atan2 in a loop under -ffast-math, weighted by W[i], some weights 0: the
 * adjoint reaching atan2 is then 0, and the gradient must be 0.  Where
 * d = x^2 + y^2 is a normal number the partials x / d, -y / d are finite
 * and need no guard (rules.py `finite_fast`); at (0, 0), where atan2 is 0
 * but its partials 0/0, and at subnormal points (d is 0; hypot's partials
 * may be infinite) the guard stays, in the hypot block: without it the
 * gradient there is NaN.  Normal and singular points alternate so that
 * both blocks run in one call. */
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 8
double W[N] = {1.5, 0.0, 0.0, -2.0, 0.0, 0.5, 0.0, 1.0};   /* not constant: no folding */

__attribute__((noinline)) double weighted(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += W[i] * atan2(v[2 * i + 1], v[2 * i]);
  return s;
}

int main(void) {
  /* (x, y): normal, (0, 0) weight 0, subnormal weight 0, normal, normal weight 0,
   * tiny but normal d, (0, 0) weight 0 again, normal */
  double v[2 * N] = {3, -4, 0, 0, 1e-320, -2e-320, 0.5, 0.25, 2, 1, 1e-100, 2e-100, 0, 0,
                     -1, 1e-3};
  double dv[2 * N] = {0};
  __enzyme_autodiff((void *)weighted, enzyme_dup, v, dv, enzyme_const, N);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double x = v[2 * i], y = v[2 * i + 1], d = x * x + y * y;
    double want_x = W[i] == 0 ? 0 : W[i] * -y / d, want_y = W[i] == 0 ? 0 : W[i] * x / d;
    bad += !check_close("dx", i, dv[2 * i], want_x);
    bad += !check_close("dy", i, dv[2 * i + 1], want_y);
  }
  return bad != 0;
}
