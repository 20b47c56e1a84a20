// CFLAGS: -ffast-math
/* atan2(y, x)'s partials x / d, -y / d with d = x^2 + y^2 are taken as
 * (x / h) / h with h = hypot(y, x) where d overflows (|x|, |y| past 1e154)
 * or loses its digits (below 1e-154).  Under -ffast-math the two divisions
 * carried reassoc and arcp, and LLVM made them x / (h * h), overflowing
 * again: the gradient was 0 and +-inf where it is about 0.5 (exit 0).
 * atan2 does not change when y and x are scaled together, so the gradient
 * of atan2(s a, s b) in a and b is the unscaled one; both modes. */
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 4 };
double S[N] = {1e200, 1e-170, 1.0, 1e160};

__attribute__((noinline)) double angles(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += atan2(S[i] * x[i], S[i] * (x[(i + 1) % n] + 0.5));
  return s;
}

int main(void) {
  int ok = 1;
  double x[N] = {0.9, 0.45, 1.2, 0.3}, dx[N] = {0}, want[N] = {0};
  for (int i = 0; i < N; i++) {
    double a = x[i], b = x[(i + 1) % N] + 0.5, d = a * a + b * b;
    want[i] += b / d;
    want[(i + 1) % N] -= a / d;
  }
  __enzyme_autodiff((void *)angles, enzyme_dup, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double tx[N] = {0};
    tx[i] = 1.0;
    double t = __enzyme_fwddiff((void *)angles, enzyme_dup, x, tx, enzyme_const, N);
    ok &= check_close("reverse", i, dx[i], want[i]);
    ok &= check_close("forward", i, t, want[i]);
  }
  return ok ? 0 : 1;
}
