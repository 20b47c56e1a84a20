/* Integer/float conversions on the active path ((int)x as an index,
 * floor, lround, fptosi/sitofp and fptrunc/fpext round trips), copysign and
 * fabs at +-0 (a value between the one-sided derivatives), fmin/fmax ties
 * (partials summing to the derivative along the diagonal), frexp/ldexp,
 * nextafter, erf/erfc/tgamma/cbrt, hypot with one zero argument, a float
 * function read through a float and a double prototype. */
#include <math.h>
#include <stdint.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
static const double table[8] = {0.5, 1.5, -2.0, 3.0, 0.25, -1.0, 2.5, 4.0};
__attribute__((noinline)) double index_by_value(double x) {
  int i = (int)x;                       /* fptosi as an index */
  return table[i & 7] * x + floor(x) * x;
}
__attribute__((noinline)) double round_trips(double x) {
  long k = lround(x * 3);
  double back = (double)(int64_t)(x * 10) / 10;    /* fptosi, sitofp: constant */
  return k * x + back * x + (float)x * x;          /* fptrunc, fpext: active */
}
__attribute__((noinline)) double signs(double x, double y) {
  return copysign(x * x, y) + copysign(y, x) * x + fabs(x) * y;
}
__attribute__((noinline)) double minmax(double x, double y) { return fmin(x, y) * 2 + fmax(x, y) * 3; }
__attribute__((noinline)) double steps(double x) {
  int e;
  double m = frexp(x, &e);             /* x = m 2^e */
  return ldexp(m * m, e) + nextafter(x, 10.0) * x;
}
__attribute__((noinline)) double special(double x) { return erf(x) + erfc(x * 2) + tgamma(x + 3) + cbrt(x); }
__attribute__((noinline)) double hyp(double x, double y) { return hypot(x, y); }
__attribute__((noinline)) float f_ret(float x) { return x * x * sinf(x); }

typedef struct { double a, b; } D2;
D2 __enzyme_autodiff2(void *, ...);
int main(void) {
  int bad = 0;
  double pts[] = {0.3, 1.7, 2.2, 5.9, 6.4, 2.05};
  for (int k = 0; k < 6; k++) {
    double x = pts[k];
    double want = table[(int)x & 7] + floor(x);
    bad += !check_close("index_by_value", k, __enzyme_autodiff((void *)index_by_value, x), want);
    bad += !check_close("index_by_value fwd", k, __enzyme_fwddiff((void *)index_by_value, x, 1.0), want);
    /* lround and the integer round trip are constants; (float)x has derivative 1 */
    bad += !check_close("round_trips", k, __enzyme_autodiff((void *)round_trips, x),
                        lround(x * 3) + (double)(int64_t)(x * 10) / 10 + (float)x + x);
    bad += !check_close("round_trips fwd", k, __enzyme_fwddiff((void *)round_trips, x, 1.0),
                        lround(x * 3) + (double)(int64_t)(x * 10) / 10 + (float)x + x);
    int e; double m = frexp(x, &e);
    (void)m;   /* ldexp(m^2, e) = x^2 / 2^e; nextafter's derivative in x is 1 */
    want = 2 * x / ldexp(1, e) + nextafter(x, 10.0) + x;
    bad += !check_close("steps", k, __enzyme_autodiff((void *)steps, x), want);
    bad += !check_close("steps fwd", k, __enzyme_fwddiff((void *)steps, x, 1.0), want);
    double cx = k % 2 ? -x : x;
    want = 2 / sqrt(M_PI) * exp(-cx * cx) - 4 / sqrt(M_PI) * exp(-4 * cx * cx) +
           tgamma(cx + 3) * (CENTRAL_DIFFERENCE(cx, 1e-6, lgamma(cx + 3))) + 1 / (3 * cbrt(cx) * cbrt(cx));
    bad += !check_close("special", k, __enzyme_autodiff((void *)special, cx), want);
    bad += !check_close("special fwd", k, __enzyme_fwddiff((void *)special, cx, 1.0), want);
    float fx = (float)x;
    double fwant = 2 * fx * sinf(fx) + fx * fx * cosf(fx);
    double got = __enzyme_autodiff((void *)f_ret, fx);   /* float result, read as double */
    if (fabs(got - fwant) > 1e-5 * (1 + fabs(fwant))) { printf("MISMATCH f_ret[%d]: %g want %g\n", k, got, fwant); bad++; }
  }
  /* copysign, fabs at and around 0 */
  double sx[] = {0.0, -0.0, 1.5, -1.5}, sy[] = {2.0, -2.0, 0.0, -0.0};
  for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) {
    double x = sx[i], y = sy[j];
    D2 g = __enzyme_autodiff2((void *)signs, x, y);
    /* d/dx: 2x sign(y) + copysign(y, x) + sign(x) y  (at x = 0: fabs' taken 0) */
    double sgn_y = signbit(y) ? -1 : 1, sgn_x = x == 0 ? 0 : (x > 0 ? 1 : -1);
    double wx = 2 * x * sgn_y + copysign(y, x) + sgn_x * y;
    double wy = (signbit(x) == signbit(y) ? 1 : -1) * x + fabs(x);
    if (x != 0) bad += !check_close("signs dx", 4 * i + j, g.a, wx);
    else {  /* not differentiable at 0: a value between the one-sided derivatives */
      double right = copysign(y, 1.0) + y, left = copysign(y, -1.0) - y;
      double lo = fmin(left, right), hi = fmax(left, right);
      if (!(g.a >= lo && g.a <= hi)) { printf("MISMATCH signs dx at 0 [%d]: %g not in [%g, %g]\n", 4 * i + j, g.a, lo, hi); bad++; }
    }
    bad += !check_close("signs dy", 4 * i + j, g.b, wy);
  }
  /* fmin/fmax ties: the two partials must add up to the derivative of x -> f(x, x) */
  {
    D2 g = __enzyme_autodiff2((void *)minmax, 1.25, 1.25);
    bad += !check_close("minmax tie sum", 0, g.a + g.b, 5);
    g = __enzyme_autodiff2((void *)minmax, 1.0, 2.0);
    bad += !check_close("minmax a", 0, g.a, 2); bad += !check_close("minmax b", 0, g.b, 3);
    double t = __enzyme_fwddiff((void *)minmax, 1.25, 1.0, 1.25, 1.0);
    bad += !check_close("minmax tie fwd", 0, t, 5);
  }
  /* hypot with one zero argument */
  {
    D2 g = __enzyme_autodiff2((void *)hyp, -2.0, 0.0);
    bad += !check_close("hypot(-2,0) dx", 0, g.a, -1); bad += !check_close("hypot(-2,0) dy", 0, g.b, 0);
    g = __enzyme_autodiff2((void *)hyp, 0.0, 3.0);
    bad += !check_close("hypot(0,3) dx", 0, g.a, 0); bad += !check_close("hypot(0,3) dy", 0, g.b, 1);
    double t = __enzyme_fwddiff((void *)hyp, 0.0, 1.0, 3.0, 0.0);
    bad += !check_close("hypot(0,3) fwd", 0, t, 0);
  }
  /* cbrt at 0 is vertical (inf), at negative values finite */
  {
    double g = __enzyme_autodiff((void *)cbrt, -8.0);
    bad += !check_close("cbrt(-8)", 0, g, 1.0 / 12);
  }
  return bad != 0;
}
