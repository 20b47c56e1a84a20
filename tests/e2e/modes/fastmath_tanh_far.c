// CFLAGS: -ffast-math
/* tanh's partial from its argument (rules.py `_tanh_from_argument`, used
 * where the primal's tanh is not wanted: forward mode without the primal)
 * was 1 / (cosh(x) * cosh(x)), whose product overflows past |x| = 355.
 * Under -ffast-math its operations promised no infinities, so the tangent
 * was poison: fuzzer seed 7454, tanh(300 x + a), clang 19 -O2/-O3, a
 * finite wrong tangent (14.09 for 0.41), exit 0; here garbage bits at
 * -O2/-O3 on clang 14 and 19.  Points far out (|300 x + a| from 150 to
 * 360) and near 0, checked by central differences. */
#include "../check.h"
#include <math.h>

extern int enzyme_dup, enzyme_dupnoneed, enzyme_const;
double __enzyme_fwddiff(void *, ...);
double __enzyme_autodiff(void *, ...);

enum { N = 5 };
static const double X0[N] = {0.987844, -1.201248, 0.686763, -0.503442, 0.0031};
static const double TX[N] = {-0.913331, 0.581430, 0.438006, -0.234519, 0.61};

__attribute__((noinline)) double f(double *x, int n, double a) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    s += tanh(x[i] * 300.0 + a);
    x[i] = x[i] * 0.5;
  }
  return s;
}

static double run(const double *x0, double a) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = x0[i];
  return f(x, N, a);
}

static double zero_at_run_time(void) {
  volatile double z = 0;
  return z;
}

int main(void) {
  const double a = -1.045535, h = 1e-7;
  double xp[N], xm[N], x[N], tx[N];
  for (int i = 0; i < N; i++) {
    xp[i] = X0[i] + h * TX[i], xm[i] = X0[i] - h * TX[i];
    x[i] = X0[i], tx[i] = TX[i];
  }
  double want = (run(xp, a) - run(xm, a)) / (2 * h);
  double t = __enzyme_fwddiff((void *)f, enzyme_dupnoneed, x, tx, N, a, zero_at_run_time());
  int ok = check_close("forward tangent", 0, t, want);
  double dx[N] = {0};
  for (int i = 0; i < N; i++) x[i] = X0[i];
  double da = __enzyme_autodiff((void *)f, enzyme_dupnoneed, x, dx, N, a);
  double dir = 0;
  for (int i = 0; i < N; i++) dir += dx[i] * TX[i];
  ok &= check_close("reverse along the tangent", 0, dir, want);
  ok &= check_close("reverse da", 0, da, (run(X0, a + h) - run(X0, a - h)) / (2 * h));
  return ok ? 0 : 1;
}
