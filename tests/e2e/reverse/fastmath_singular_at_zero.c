// CFLAGS: -ffast-math
/* Under -ffast-math clang writes pow(u, 2.5) as u * u * sqrt(u), and at
 * u = 0 sqrt's partial is infinite while every value of the program is
 * finite: the fast-math promise of no infinities does not cover it.  With
 * a zero adjoint or tangent reaching the sqrt (u = |w x| with w = 0), the
 * derivative is 0 only if 0 * inf is taken as 0 (rules.py `rule_flags`,
 * `scaled`); it was NaN, or anything LLVM made of the broken promise.
 * Also cbrt and asin at their singular points behind a select, and float,
 * both modes, against closed forms. */
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 4 };
double W[N] = {1.0, 0.0, -0.5, 0.0};   /* not constant: no folding of 0 * x */

__attribute__((noinline)) double powers(const double *x, double a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double u = fabs(W[i] * x[i]);
    s += pow(u, 2.5) * a + cbrt(u) * u * u;
  }
  return s;
}
/* The same in float, the square root written out */
float WF = 0.0f;
__attribute__((noinline)) float powersf(float x, float a) {
  float u = fabsf(WF * x);
  return u * u * sqrtf(u) * a + x;
}
float __enzyme_autodifff(void *, ...);
float __enzyme_fwddifff(void *, ...);
/* asin(t) at t = 1 where the select discards it: its adjoint is 0 */
__attribute__((noinline)) double clipped(double t) { return t < 1.0 ? asin(t) : 2.0 * t; }

static double want_dx(double x, double w, double a) {
  double u = fabs(w * x), s = (w * x > 0) - (w * x < 0);
  return (2.5 * a * pow(u, 1.5) + (7.0 / 3.0) * pow(u, 4.0 / 3.0)) * s * w;
}

int main(void) {
  int ok = 1;
  double x[N] = {0.7, -1.2, 0.9, 2.0}, dx[N] = {0}, a = 1.3;
  double da = __enzyme_autodiff((void *)powers, enzyme_dup, x, dx, a, enzyme_const, N);
  double want_da = 0;
  for (int i = 0; i < N; i++) {
    want_da += pow(fabs(W[i] * x[i]), 2.5);
    ok &= check_close("reverse dx", i, dx[i], want_dx(x[i], W[i], a));
  }
  ok &= check_close("reverse da", 0, da, want_da);
  for (int i = 0; i < N; i++) {
    double tx[N] = {0};
    tx[i] = 1.0;
    double t = __enzyme_fwddiff((void *)powers, enzyme_dup, x, tx, enzyme_const, a, enzyme_const, N);
    ok &= check_close("forward dx", i, t, want_dx(x[i], W[i], a));
  }
  ok &= check_close("reverse float", 0,
                    __enzyme_autodifff((void *)powersf, 0.8f, enzyme_const, 1.5f), 1.0);
  ok &= check_close("forward float", 0,
                    __enzyme_fwddifff((void *)powersf, 0.8f, 1.0f, enzyme_const, 1.5f), 1.0);
  ok &= check_close("reverse clipped", 0, __enzyme_autodiff((void *)clipped, 1.0), 2.0);
  ok &= check_close("forward clipped", 0, __enzyme_fwddiff((void *)clipped, 1.0, 1.0), 2.0);
  return ok ? 0 : 1;
}
