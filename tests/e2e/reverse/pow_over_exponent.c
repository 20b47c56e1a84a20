/* Reverse and forward mode of pow(x, y) / y (see ../pow_quotients.h): the
 * fused shapes against closed forms, among them a series whose chained
 * partials overflow (the rules one by one gave inf there), and the shapes
 * that look alike but must not fuse against central differences.  Each
 * check runs both modes; forward also with a zero seed. */
#include "../check.h"
#include "../pow_quotients.h"

double __enzyme_autodiff(void *, ...);
float __enzyme_autodifff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float __enzyme_fwddifff(void *, ...);
typedef struct { double dx, dy; } D2;
D2 __enzyme_autodiff2(void *, ...);
extern int enzyme_const;

/* d f / dx at x (n passed as a constant), by both modes, against want
 * (a macro: the function differentiated must be known at compile time) */
#define BOTH(what, k, f, x, n, want)                                                  \
  (check_close(what, k, __enzyme_autodiff((void *)f, x, enzyme_const, n), want) &      \
   check_close(what, k, __enzyme_fwddiff((void *)f, x, 1.0, enzyme_const, n), want) &  \
   check_close(what, k, __enzyme_fwddiff((void *)f, x, 0.0, enzyme_const, n), 0.0))

static int bothf(int k, float x, int n, float want) {
  float r = __enzyme_autodifff((void *)seriesf, x, enzyme_const, n);
  float t = __enzyme_fwddifff((void *)seriesf, x, 1.0f, enzyme_const, n);
  return (fabsf(r - want) <= 1e-5f * (1 + fabsf(want)) || check_close("seriesf rev", k, r, want)) &
         (fabsf(t - want) <= 1e-5f * (1 + fabsf(want)) || check_close("seriesf fwd", k, t, want));
}

int main(void) {
  int ok = 1;
  const double xs[] = {0.3, 0.9, 1.4};
  for (int k = 0; k < 3; k++) {
    double x = xs[k], y = 1.7 + k;
    ok &= BOTH("series", k, series, x, 40, series_derivative(x, 40));
    ok &= BOTH("powi", k, series_powi, x, 40, series_derivative(x, 40));
    ok &= bothf(k, (float)x, 12, (float)series_derivative((float)x, 12));
    ok &= check_close("constant", k, __enzyme_autodiff((void *)constant_exponent, x),
                      pow(x, 1.5)) &
          check_close("constant", k, __enzyme_fwddiff((void *)constant_exponent, x, 1.0),
                      pow(x, 1.5));
    double d = CENTRAL_DIFFERENCE(x, 1e-6, from_lo(x, 1, 40));
    ok &= check_close("from_lo", k, __enzyme_autodiff((void *)from_lo, x, enzyme_const, 1,
                                                      enzyme_const, 40), d) &
          check_close("from_lo", k, __enzyme_fwddiff((void *)from_lo, x, 1.0, enzyme_const, 1,
                                                     enzyme_const, 40), d);
    ok &= BOTH("other_divisor", k, other_divisor, x, 40,
               CENTRAL_DIFFERENCE(x, 1e-6, other_divisor(x, 40)));
    ok &= BOTH("used_twice", k, used_twice, x, 20,
               CENTRAL_DIFFERENCE(x, 1e-6, used_twice(x, 20)));
    ok &= BOTH("times", k, times_exponent, x, 20,
               CENTRAL_DIFFERENCE(x, 1e-6, times_exponent(x, 20)));
    ok &= BOTH("swapped", k, swapped, x, 20, CENTRAL_DIFFERENCE(x, 1e-6, swapped(x, 20)));
    D2 g = __enzyme_autodiff2((void *)active_exponent, x, y);
    double dx = CENTRAL_DIFFERENCE(x, 1e-6, active_exponent(x, y));
    double dy = CENTRAL_DIFFERENCE(y, 1e-6, active_exponent(x, y));
    ok &= check_close("active dx", k, g.dx, dx) & check_close("active dy", k, g.dy, dy) &
          check_close("active dx", k, __enzyme_fwddiff((void *)active_exponent, x, 1.0, y, 0.0),
                      dx) &
          check_close("active dy", k, __enzyme_fwddiff((void *)active_exponent, x, 0.0, y, 1.0),
                      dy);
  }
  /* 999 * x^998 overflows; the derivative, about 1.84e306, does not */
  ok &= BOTH("overflow", 0, series, 2.0243, 1000, series_derivative(2.0243, 1000));
  return ok ? 0 : 1;
}
