/* atan2's partials x / d and -y / d with d = x^2 + y^2, where d is a normal
 * number, in a loop's reverse; elsewhere (d overflows, is subnormal or 0:
 * |x|, |y| past 1.3e154 or below 1.5e-154) they come from hypot.  Points on
 * both sides of each edge, in double, float and long double (no normal test
 * there: always hypot), and a runtime mix in one loop, so that both blocks
 * of the branch run in one gradient call. */
#include <float.h>
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 12
static double angles(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += (1 + 0.5 * i) * atan2(v[2 * i + 1], v[2 * i]);
  return s;
}
static float angles_f(const float *v, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += (1 + 0.5f * i) * atan2f(v[2 * i + 1], v[2 * i]);
  return s;
}
static long double angles_l(const long double *v, int n) {
  long double s = 0;
  for (int i = 0; i < n; i++) s += (1 + 0.5L * i) * atan2l(v[2 * i + 1], v[2 * i]);
  return s;
}

int main(void) {
  /* (x, y): near, past the overflow edge, at it, below the underflow edge, at it */
  double v[2 * N] = {3, -4, 1e160, 1e160, 9e153, -9e153, 1e-170, 1e-170, 1.2e-154, 1.2e-154,
                     -1e-200, 3e-200, 2, 0, 0, -5, 1e200, 1, 1e-300, 0.5, 1.3e154, 1e-300,
                     -0.25, 1e-3};
  double dv[2 * N] = {0};
  __enzyme_autodiff((void *)angles, enzyme_dup, v, dv, enzyme_const, N);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double x = v[2 * i], y = v[2 * i + 1], h = hypot(x, y), w = 1 + 0.5 * i;
    /* scaled by h: the partials are -y / h and x / h */
    bad += !check_close("dx * h", i, dv[2 * i] * h / w, -y / h);
    bad += !check_close("dy * h", i, dv[2 * i + 1] * h / w, x / h);
  }
  float f[2 * N] = {3, -4, 1e30f, 1e30f, 1e19f, -1e19f, 1e-30f, 1e-30f, 1.2e-19f, 1.2e-19f,
                    -1e-25f, 3e-25f, 2, 0, 0, -5, 1e25f, 1, 1e-30f, 0.5f, 1.5e19f, 1e-30f,
                    -0.25f, 1e-3f};
  float df[2 * N] = {0};
  __enzyme_autodiff((void *)angles_f, enzyme_dup, f, df, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double x = f[2 * i], y = f[2 * i + 1], h = hypot(x, y), w = 1 + 0.5 * i;
    bad += !check_close("float dx * h", i, df[2 * i] * h / w, -y / h);
    bad += !check_close("float dy * h", i, df[2 * i + 1] * h / w, x / h);
  }
  long double l[2 * N], dl[2 * N] = {0};
  for (int i = 0; i < 2 * N; i++) l[i] = v[i] * (i % 3 == 1 ? 1e2000L : 1.0L);
  __enzyme_autodiff((void *)angles_l, enzyme_dup, l, dl, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    long double x = l[2 * i], y = l[2 * i + 1], h = hypotl(x, y), w = 1 + 0.5L * i;
    bad += !check_close("long double dx * h", i, (double)(dl[2 * i] * h / w), (double)(-y / h));
    bad += !check_close("long double dy * h", i, (double)(dl[2 * i + 1] * h / w), (double)(x / h));
  }
  return bad != 0;
}
