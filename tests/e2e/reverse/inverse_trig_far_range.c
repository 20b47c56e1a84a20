/* atan2, asinh and acosh far from 1: their partials x / (x^2 + y^2),
 * 1 / sqrt(x^2 + 1) and 1 / sqrt(x^2 - 1) are finite and nonzero where the
 * squares overflow (|x| > 1e154, > 1.8e19 in float) or vanish (< 1e-162,
 * < 1e-23 in float).  Reverse and forward mode, double and float. */
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double dy, dx; } D2;
D2 __enzyme_autodiff2(void *, ...);
float __enzyme_fwddiff_f(void *, ...);

static double atan2_d(double y, double x) { return atan2(y, x); }
static double asinh_d(double x) { return asinh(x); }
static double acosh_d(double x) { return acosh(x); }
static float atan2_f(float y, float x) { return atan2f(y, x); }
static float asinh_f(float x) { return asinhf(x); }

int main(void) {
  int bad = 0;
  double pts[][2] = {{1e-170, 1e-170}, {1e160, 1e160}, {0, -2}, {3, 0}, {1e-200, 3e-200},
                     {-4e200, 1e199}};
  for (int i = 0; i < 6; i++) {
    double y = pts[i][0], x = pts[i][1], h = hypot(y, x);
    /* scaled by h, the partials are x/h and -y/h */
    D2 g = __enzyme_autodiff2((void *)atan2_d, y, x);
    bad += !check_close("atan2 rev dy", i, g.dy * h, x / h);
    bad += !check_close("atan2 rev dx", i, g.dx * h, -(y / h));
    bad += !check_close("atan2 fwd dy", i, __enzyme_fwddiff((void *)atan2_d, y, 1.0, x, 0.0) * h,
                        x / h);
  }
  double as[] = {1e200, -1e170, 3.0, 1e-300};
  for (int i = 0; i < 4; i++) {
    double s = hypot(as[i], 1.0);
    bad += !check_close("asinh rev", i, __enzyme_autodiff((void *)asinh_d, as[i]) * s, 1.0);
    bad += !check_close("asinh fwd", i, __enzyme_fwddiff((void *)asinh_d, as[i], 1.0) * s, 1.0);
  }
  double ac[] = {1e200, 1e170, 3.0, 1.0 + 1e-9};
  for (int i = 0; i < 4; i++) {
    double s = sqrt(ac[i] - 1) * sqrt(ac[i] + 1);
    bad += !check_close("acosh rev", i, __enzyme_autodiff((void *)acosh_d, ac[i]) * s, 1.0);
    bad += !check_close("acosh fwd", i, __enzyme_fwddiff((void *)acosh_d, ac[i], 1.0) * s, 1.0);
  }
  float fy = 1e-25f, fx = 2e-25f, fh = hypotf(fy, fx);
  bad += !check_close("atan2f small", 0, __enzyme_fwddiff_f((void *)atan2_f, fy, 1.0f, fx, 0.0f) * fh,
                      fx / fh);
  fy = 3e20f; fx = -1e20f; fh = hypotf(fy, fx);
  bad += !check_close("atan2f big", 0, __enzyme_fwddiff_f((void *)atan2_f, fy, 0.0f, fx, 1.0f) * fh,
                      -(fy / fh));
  bad += !check_close("asinhf big", 0, __enzyme_fwddiff_f((void *)asinh_f, 1e25f, 1.0f) * 1e25f, 1.0);
  return bad != 0;
}
