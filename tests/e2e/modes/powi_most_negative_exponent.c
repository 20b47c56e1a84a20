// powi's partial n * x^(n-1), and the fused x^(n-1) of powi(x, n) / n, at
// n = INT_MIN, where `n - 1` wraps to INT_MAX: x^INT_MAX stood in for
// x^(INT_MIN-1), so the derivative at x = 2 was -inf where it is 0, at
// x = 0.5 -0 where it is -inf, at x = 1 + 1e-10 off by half.  Reverse and
// forward mode, beside ordinary exponents of both signs.
#include <limits.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) static double plain(double x, int n) { return __builtin_powi(x, n); }

// n = k | INT_MIN: nonzero whatever k is, so the quotient takes the fused rule
__attribute__((noinline)) static double quotient(double x, int k) {
  int n = k | INT_MIN;
  return __builtin_powi(x, n) / n;
}

static int same(const char *what, int k, double got, double want) {
  if (isinf(want) || want == 0) {
    if (got == want) return 1;
    printf("MISMATCH %s[%d]: got %.10g, want %.10g\n", what, k, got, want);
    return 0;
  }
  return check_close(what, k, got, want);
}

static volatile int most_negative = INT_MIN, zero = 0;

int main(void) {
  int bad = 0;
  const double xs[] = {2.0, -2.0, 0.5, 1 + 1e-10, -(1 + 1e-10)};
  for (int k = 0; k < 5; k++) {
    double x = xs[k];
    int n = most_negative;
    // x^(n-1) in double: n - 1 = -2^31 - 1 is exact
    double lower = pow(x, (double)n - 1);
    bad += !same("plain rev", k, __enzyme_autodiff((void *)plain, x, n), n * lower);
    bad += !same("plain fwd", k, __enzyme_fwddiff((void *)plain, x, 1.0, n), n * lower);
    bad += !same("quotient rev", k, __enzyme_autodiff((void *)quotient, x, zero), lower);
    bad += !same("quotient fwd", k, __enzyme_fwddiff((void *)quotient, x, 1.0, zero), lower);
    for (int m = -3; m <= 3 && k < 3; m += 6) {
      double want = m * pow(x, m - 1);
      bad += !same("ordinary rev", k, __enzyme_autodiff((void *)plain, x, m), want);
      bad += !same("ordinary fwd", k, __enzyme_fwddiff((void *)plain, x, 1.0, m), want);
    }
  }
  return bad != 0;
}
