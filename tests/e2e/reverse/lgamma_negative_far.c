/* lgamma's and tgamma's derivatives at negative arguments, near and far
 * from 0: digamma(x).  At x = -1e15 - 0.5 the recurrence psi(x) =
 * psi(x + 1) - 1/x would take 1e15 steps to reach the asymptotic series
 * (the program never finished); the reflection psi(1 - x) - pi cot(pi x)
 * takes one.  Values from mpmath.digamma; reverse and forward, double,
 * float and long double. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float __enzyme_autodiff_f(void *, ...);
long double __enzyme_autodiff_l(void *, ...);

static double lg(double x) { return lgamma(x); }
static double tg(double x) { return tgamma(x); }
static float lgf(float x) { return lgammaf(x); }
static long double lgl(long double x) { return lgammal(x); }

int main(void) {
  int bad = 0;
  static const double x[] = {-2.5, -0.3, -7.75, -123456.25, -1e15 - 0.5, -1e-300, 0.5, 30.0};
  static const double psi[] = {1.10315664064524, 2.1133097796354, -1.03076883283093,
                               14.8652388248784, 34.5387763949107, 1e300,
                               -1.96351002602142, 3.38443813268552};
  for (int i = 0; i < 8; i++) {
    bad += !check_close("lgamma rev", i, __enzyme_autodiff((void *)lg, x[i]), psi[i]);
    bad += !check_close("lgamma fwd", i, __enzyme_fwddiff((void *)lg, x[i], 1.0), psi[i]);
  }
  /* tgamma' = tgamma * digamma; digamma(-0.5) = 0.0364899739785765 */
  bad += !check_close("tgamma", 0, __enzyme_autodiff((void *)tg, -0.5),
                      tgamma(-0.5) * 0.0364899739785765);
  bad += !check_close("lgammaf", 0, __enzyme_autodiff_f((void *)lgf, -2.5f), 1.10315664064524);
  /* long double: its own libm tan in the reflection (tanl, not tanf) */
  bad += !check_close("lgammal", 0, (double)__enzyme_autodiff_l((void *)lgl, -2.5L), 1.10315664064524);
  /* near the pole at -3: psi(-3 + h) = -1/h + O(1) */
  double h = 1e-10, g = __enzyme_autodiff((void *)lg, -3 + h);
  bad += !check_close("near pole", 0, g * -h, 1.0);
  return bad != 0;
}
