/* GNU sincos(x, &s, &c) stores sin x and cos x through its pointers and
 * returns nothing.  Its derivative is two math results stored: into locals
 * (double, float, long double), through a function pointer no code changes,
 * into an output array whose shadow the caller seeds (both modes, and two
 * lanes at once), and in a loop over an array of angles. */
#define _GNU_SOURCE
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_width;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } D2;
D2 __enzyme_autodiff_w2(void *, ...);
D2 __enzyme_fwddiff_w2(void *, ...);

static void (*const rotate_by)(double, double *, double *) = sincos;

__attribute__((noinline)) double locals(double t) {
  double s, c;
  sincos(t, &s, &c);
  float sf, cf;
  sincosf((float)(t * 0.5), &sf, &cf);
  long double sl, cl;
  sincosl((long double)t * 3, &sl, &cl);
  double a, b;
  rotate_by(t * t, &a, &b);
  return s * c * c + (double)(sf - cf) + (double)(sl * cl) + a / (2 + b);
}
__attribute__((noinline)) double into(double *out, double t) {
  sincos(t * 1.5, &out[0], &out[1]);
  return out[0] * t;
}
__attribute__((noinline)) double ring(const double *angle, double *r, int n) {
  double x = 0, y = 0;
  for (int i = 0; i < n; i++) {
    double s, c;
    sincos(angle[i], &s, &c);
    x += r[i] * c;
    y += r[i] * s;
  }
  return x * x + y * y * y;
}

int main(void) {
  int bad = 0;
  double t = 0.7;
  /* closed form: float rounding would swamp a central difference */
  double q = t * t, a = sin(q), b = cos(q);
  double want = pow(cos(t), 3) - 2 * sin(t) * sin(t) * cos(t) + 0.5 * (cos(t / 2) + sin(t / 2)) +
                3 * cos(6 * t) + 2 * t * (b * (2 + b) + a * a) / ((2 + b) * (2 + b));
  bad += !check_close("locals rev", 0, __enzyme_autodiff((void *)locals, t), want);
  bad += !check_close("locals fwd", 0, __enzyme_fwddiff((void *)locals, t, 1.0), want);

  /* J = into(out, t) + w0 out[0] + w1 out[1], seeded through out's shadow */
  double out[2], dout[2] = {0.3, -0.8}, u = 1.5 * t;
  double wantd = sin(u) + 1.5 * t * cos(u) + 0.3 * 1.5 * cos(u) + 0.8 * 1.5 * sin(u);
  bad += !check_close("into rev", 0, __enzyme_autodiff((void *)into, out, dout, t), wantd);
  bad += !check_close("into rev dout", 0, dout[0] + dout[1], 0.0);
  double tan_out[2] = {9, 9};
  double tt = __enzyme_fwddiff((void *)into, out, tan_out, t, 1.0);
  bad += !check_close("into fwd", 0, tt, sin(u) + 1.5 * t * cos(u));
  bad += !check_close("into fwd out0", 0, tan_out[0], 1.5 * cos(u));
  bad += !check_close("into fwd out1", 1, tan_out[1], -1.5 * sin(u));
  double d0[2] = {1, 0}, d1[2] = {0, 1};
  D2 g = __enzyme_autodiff_w2((void *)into, enzyme_width, 2, enzyme_dup, out, d0, d1, enzyme_out, t);
  bad += !check_close("width rev", 0, g.d[0], sin(u) + 1.5 * t * cos(u) + 1.5 * cos(u));
  bad += !check_close("width rev", 1, g.d[1], sin(u) + 1.5 * t * cos(u) - 1.5 * sin(u));
  D2 f2 = __enzyme_fwddiff_w2((void *)into, enzyme_width, 2, enzyme_dup, out, d0, d1, t, 1.0, -2.0);
  bad += !check_close("width fwd", 0, f2.d[0], sin(u) + 1.5 * t * cos(u));
  bad += !check_close("width fwd", 1, f2.d[1], -2 * (sin(u) + 1.5 * t * cos(u)));
  bad += !check_close("width fwd out1", 1, d1[1], 2 * 1.5 * sin(u));

  double angle[5] = {0.1, 0.9, 2.0, -1.3, 3.0}, r[5] = {1.0, 0.5, 2.0, 1.5, 0.7};
  double da[5] = {0}, dr[5] = {0};
  __enzyme_autodiff((void *)ring, enzyme_dup, angle, da, enzyme_dup, r, dr, enzyme_const, 5);
  for (int i = 0; i < 5; i++) {
    bad += !check_close("ring angle", i, da[i], CENTRAL_DIFFERENCE(angle[i], 1e-6, ring(angle, r, 5)));
    bad += !check_close("ring r", i, dr[i], CENTRAL_DIFFERENCE(r[i], 1e-6, ring(angle, r, 5)));
    double ta[5] = {0}, tr[5] = {0};
    ta[i] = 1;
    bad += !check_close("ring fwd", i, __enzyme_fwddiff((void *)ring, angle, ta, r, tr, 5),
                        CENTRAL_DIFFERENCE(angle[i], 1e-6, ring(angle, r, 5)));
  }
  if (bad) printf("%d mismatches\n", bad);
  return bad != 0;
}
