/* A math function whose value overflows to infinity where the program
 * discards it: exp capped by fmin (fmin(exp(x), 1e10) at x = 800),
 * computed before a branch that does not use it (a stable softplus), and
 * cosh, sinh, exp2 and expm1 likewise, and a sigmoid written out,
 * 1 / (1 + exp(-x)) at x = -800, whose quotient's partial by the
 * overflowed denominator is -0.  Their partials are infinite there, and
 * the adjoint they meet is 0: 0 * inf made the reverse gradient NaN (exit
 * 0 of the tool); and the sigmoid's forward tangent, -0 times exp(-x)'s
 * infinite tangent.  Closed forms at points on both sides of the caps,
 * both modes. */
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

#define CAP 1e10
__attribute__((noinline)) double capped_exp(double x) { return fmin(exp(x), CAP) + x; }
__attribute__((noinline)) double softplus(double x) {
  double e = exp(x);
  return x > 30.0 ? x : log1p(e);
}
__attribute__((noinline)) double capped_hyperbolic(double x) {
  return fmin(cosh(x), CAP) + fmin(fmax(sinh(x), -CAP), CAP) * 0.5;
}
__attribute__((noinline)) double capped_exp2_expm1(double x) {
  double p = exp2(x), q = expm1(x);
  return (p < CAP ? p : CAP) + (x < 20.0 ? q : x);
}

__attribute__((noinline)) double sigmoid(double x) { return 1 / (1 + exp(-x)); }

static double d_capped_exp(double x) { return (exp(x) < CAP ? exp(x) : 0) + 1; }
static double d_softplus(double x) { return x > 30.0 ? 1 : 1 / (1 + exp(-x)); }
static double d_capped_hyperbolic(double x) {
  return (cosh(x) < CAP ? sinh(x) : 0) + (fabs(sinh(x)) < CAP ? cosh(x) * 0.5 : 0);
}
static double d_capped_exp2_expm1(double x) {
  return (exp2(x) < CAP ? exp2(x) * M_LN2 : 0) + (x < 20.0 ? exp(x) : 1);
}

int main(void) {
  static const double X[] = {-800.0, -30.0, -2.0, 0.5, 10.0, 40.0, 800.0, 1e5};
  int ok = 1;
  for (int k = 0; k < (int)(sizeof X / sizeof X[0]); k++) {
    double x = X[k];
#define BOTH(f)                                                          \
    ok &= check_close(#f " reverse", k, __enzyme_autodiff((void *)f, x), d_##f(x)); \
    ok &= check_close(#f " forward", k, __enzyme_fwddiff((void *)f, x, 1.0), d_##f(x));
    BOTH(capped_exp)
    BOTH(softplus)
    BOTH(capped_hyperbolic)
    BOTH(capped_exp2_expm1)
    double s = sigmoid(x);
    ok &= check_close("sigmoid reverse", k, __enzyme_autodiff((void *)sigmoid, x), s * (1 - s));
    ok &= check_close("sigmoid forward", k, __enzyme_fwddiff((void *)sigmoid, x, 1.0), s * (1 - s));
  }
  return ok ? 0 : 1;
}
