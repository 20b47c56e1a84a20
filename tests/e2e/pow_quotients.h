/* Quotients of a power by its exponent, for reverse/pow_over_exponent.c
 * and modes/fwd_pow_over_exponent.c: `#include "../pow_quotients.h"`.
 *
 * The x-derivative of pow(x, y) / y is pow(x, y - 1) where y is finite,
 * nonzero and inactive (ad/rule_fusion.py); the chain of the two rules,
 * (1/y) * (y * pow(x, y - 1)), overflows where y * pow(x, y - 1) does,
 * though the derivative is finite (the series at x = 2.0243, 1000 terms).
 * The first functions have that shape; the others look alike but must
 * keep the chain (a divisor possibly 0, another divisor, an active
 * exponent, the power used twice, a product, base and exponent swapped). */
#ifndef POW_QUOTIENTS_H
#define POW_QUOTIENTS_H

#include <math.h>

/* fused: sum_{i=1}^{n} x^i / i, in double, float and through powi */
__attribute__((noinline)) static double series(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += pow(x, i) / i;
  return s;
}

__attribute__((noinline)) static float seriesf(float x, int n) {
  float s = 0.0f;
  for (int i = 1; i <= n; i++) s += powf(x, i) / i;
  return s;
}

__attribute__((noinline)) static double series_powi(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += __builtin_powi(x, i) / i;
  return s;
}

/* fused: a constant exponent */
__attribute__((noinline)) static double constant_exponent(double x) {
  return pow(x, 2.5) / 2.5;
}

/* not fused: i may be 0 as far as the tool can tell (lo is a parameter) */
__attribute__((noinline)) static double from_lo(double x, int lo, int n) {
  double s = 0.0;
  for (int i = lo; i <= n; i++) s += pow(x, i) / i;
  return s;
}

/* not fused: another divisor */
__attribute__((noinline)) static double other_divisor(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += pow(x, i) / (i + 1);
  return s;
}

/* not fused: the exponent is active */
__attribute__((noinline)) static double active_exponent(double x, double y) {
  return pow(x, y) / y;
}

/* not fused: the power has a second use */
__attribute__((noinline)) static double used_twice(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) {
    double p = pow(x, i);
    s += p / i + 0.25 * p;
  }
  return s;
}

/* not fused: a product, not a quotient */
__attribute__((noinline)) static double times_exponent(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += pow(x, i) * i;
  return s;
}

/* not fused: the base is the inactive one; the divisor is the base */
__attribute__((noinline)) static double swapped(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += pow(i, x) / i + pow(x, i) / x;
  return s;
}

/* d series / dx = sum_{i=1}^{n} x^(i-1) */
static double series_derivative(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += pow(x, i - 1);
  return s;
}

#endif
