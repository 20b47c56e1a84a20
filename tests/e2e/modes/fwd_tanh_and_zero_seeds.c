/* Forward mode: a tanh whose value nothing but its own derivative needs
 * (the caller wants only the tangent) gets the derivative 1 / cosh(x)^2
 * from its argument, and the tanh call is dropped (expm1's: exp(x));
 * where the value is needed too (stored, squared into the result, returned) it stays and
 * the derivative reads it.  Both are checked against closed forms, also
 * at |x| = 30 and 800, where cosh is large or overflows (the derivative
 * tends to 0) and 1 - tanh^2 would cancel to 0 much earlier; in float too.
 * A float argument whose tangent is the literal 0.0 is passed as a
 * constant: one Jacobian column per call, checked against central
 * differences, with a zero seed in front of a partial that is infinite
 * (sqrt at 0), where 0 * inf would be NaN, and in every lane of a
 * width-2 call. */
#include "../check.h"

double __enzyme_fwddiff(void *, ...);
float __enzyme_fwddifff(void *, ...);
typedef struct { double d[2]; } T2;
T2 __enzyme_fwddiff2(void *, ...);
extern int enzyme_width, enzyme_const;

static double sink;

__attribute__((noinline)) static double only_tanh(double a, double x) {
  return tanh(a * x) * 3.0 + expm1(0.01 * a * x);
}
__attribute__((noinline)) static float only_tanhf(float x) { return tanhf(x) + 1.0f; }
__attribute__((noinline)) static double tanh_stored(double x) {
  double t = tanh(x);
  sink = t;                 /* an effect: t stays */
  return 2.0 * t;
}
__attribute__((noinline)) static double tanh_squared(double x) {
  double t = tanh(x);
  return t * t;             /* the product's tangent reads t */
}
__attribute__((noinline)) static double mix(double a, double b, double x) {
  return exp(a * sin(x)) * log(1 + b * x * x) + tanh(a * x) / (1 + b) + sqrt(b) * a;
}

static double sech2(double x) { double c = cosh(x); return 1.0 / (c * c); }

int main(void) {
  int ok = 1;
  const double xs[] = {-1.3, 0.0, 0.4, 2.0, 30.0, -800.0};
  for (int k = 0; k < 6; k++) {
    double x = xs[k];
    ok &= check_close("only_tanh", k, __enzyme_fwddiff((void *)only_tanh, enzyme_const, 0.7, x, 1.0),
                      3.0 * 0.7 * sech2(0.7 * x) + 0.007 * exp(0.007 * x));
    ok &= check_close("only_tanhf", k, __enzyme_fwddifff((void *)only_tanhf, (float)x, 1.0f),
                      sech2((float)x));
    ok &= check_close("tanh_stored", k, __enzyme_fwddiff((void *)tanh_stored, x, 1.0), 2.0 * sech2(x));
    ok &= check_close("stored value", k, sink, tanh(x));
    ok &= check_close("tanh_squared", k, __enzyme_fwddiff((void *)tanh_squared, x, 1.0),
                      2.0 * tanh(x) * sech2(x));
  }
  const double ps[][3] = {{0.7, 1.3, 0.9}, {-0.4, 0.5, 2.0}, {1.1, 2.0, -0.6}};
  for (int k = 0; k < 3; k++) {
    double a = ps[k][0], b = ps[k][1], x = ps[k][2];
    double da = __enzyme_fwddiff((void *)mix, a, 1.0, b, 0.0, enzyme_const, x);
    double db = __enzyme_fwddiff((void *)mix, a, 0.0, b, 1.0, enzyme_const, x);
    double dx = __enzyme_fwddiff((void *)mix, a, 0.0, b, 0.0, x, 1.0);
    ok &= check_close("mix da", k, da, CENTRAL_DIFFERENCE(a, 1e-6, mix(a, b, x)));
    ok &= check_close("mix db", k, db, CENTRAL_DIFFERENCE(b, 1e-6, mix(a, b, x)));
    ok &= check_close("mix dx", k, dx, CENTRAL_DIFFERENCE(x, 1e-6, mix(a, b, x)));
    T2 w = __enzyme_fwddiff2((void *)mix, enzyme_width, 2, a, 1.0, 0.5, b, 0.0, 0.0, enzyme_const, x);
    ok &= check_close("mix width lane 0", k, w.d[0], da);
    ok &= check_close("mix width lane 1", k, w.d[1], 0.5 * da);
  }
  /* sqrt(b) at b = 0: the partial in b is infinite, its seed 0 */
  double at0 = __enzyme_fwddiff((void *)mix, 0.3, 1.0, 0.0, 0.0, enzyme_const, 0.8);
  ok &= check_close("mix da at b = 0", 0, at0, exp(0.3 * sin(0.8)) * 0.0 + 0.8 * sech2(0.24));
  return ok ? 0 : 1;
}
