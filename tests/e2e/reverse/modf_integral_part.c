/* modf stores the integral part of its argument through its pointer: a
 * value whose derivative is 0, overwriting whatever derivative the location
 * held.  A local set from x before modf overwrites it, an output array the
 * caller seeds (also two lanes at once), and a loop splitting each element
 * into its two parts. */
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_width;
typedef struct { double d[2]; } D2;
D2 __enzyme_autodiff_w2(void *, ...);
D2 __enzyme_fwddiff_w2(void *, ...);

__attribute__((noinline)) double modf_local(double x) {
  double ip = x * 3;                 /* overwritten by modf, tangent and adjoint too */
  double f = modf(x * x, &ip);
  return f * x + ip * x;
}
__attribute__((noinline)) double modf_out(double *out, double x) {
  double f = modf(x * x, &out[0]);
  return f * x + out[0] * 0.25;
}
__attribute__((noinline)) double split_all(double *v, double *whole, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    whole[i] = v[i];                 /* replaced by modf below */
    s += modf(v[i] * v[i], &whole[i]) * whole[i];
  }
  return s;
}
static float modff_out(float *out, float x) { return modff(x * x, out) + out[0] * x; }

int main(void) {
  int bad = 0;
  double x = 1.7, fr = x * x - trunc(x * x);
  double want = CENTRAL_DIFFERENCE(x, 1e-6, modf_local(x));
  bad += !check_close("local rev", 0, __enzyme_autodiff((void *)modf_local, x), want);
  bad += !check_close("local fwd", 0, __enzyme_fwddiff((void *)modf_local, x, 1.0), want);
  double out[1] = {0}, dout[1] = {1};
  double dx = __enzyme_autodiff((void *)modf_out, out, dout, x);
  bad += !check_close("out rev dx", 0, dx, fr + 2 * x * x);
  bad += !check_close("out rev dout", 0, dout[0], 0.0);
  out[0] = 5; dout[0] = 7;
  double t = __enzyme_fwddiff((void *)modf_out, out, dout, x, 1.0);
  bad += !check_close("out fwd", 0, t, fr + 2 * x * x);
  bad += !check_close("out fwd dout", 0, dout[0], 0.0);
  double d0[1] = {1}, d1[1] = {2};
  D2 g2 = __enzyme_autodiff_w2((void *)modf_out, enzyme_width, 2, enzyme_dup, out, d0, d1,
                               enzyme_out, x);
  for (int k = 0; k < 2; k++) bad += !check_close("width rev dx", k, g2.d[k], fr + 2 * x * x);
  bad += !check_close("width rev dout", 0, d0[0] + d1[0], 0.0);
  d0[0] = 5, d1[0] = 6;
  D2 t2 = __enzyme_fwddiff_w2((void *)modf_out, enzyme_width, 2, enzyme_dup, out, d0, d1, x, 1.0, 2.0);
  for (int k = 0; k < 2; k++) bad += !check_close("width fwd", k, t2.d[k], (k + 1) * (fr + 2 * x * x));
  bad += !check_close("width fwd dout", 0, d0[0] + d1[0], 0.0);
  double v[4] = {1.3, -2.2, 0.4, 3.9}, dv[4] = {0}, w[4], dw[4] = {1, 1, 1, 1};
  __enzyme_autodiff((void *)split_all, v, dv, w, dw, 4);
  for (int i = 0; i < 4; i++) {
    double ip = trunc(v[i] * v[i]);
    bad += !check_close("loop dv", i, dv[i], 2 * v[i] * ip);
    bad += !check_close("loop dw", i, dw[i], 0.0);
  }
  float fo[1] = {0}, dfo[1] = {1}, fx = 1.7f;
  float gf = ((float (*)(void *, ...))__enzyme_autodiff)((void *)modff_out, fo, dfo, fx);
  bad += !check_close("modff dx", 0, gf, 2 * fx + truncf(fx * fx));
  bad += !check_close("modff dout", 0, dfo[0], 0.0);
  return bad != 0;
}
