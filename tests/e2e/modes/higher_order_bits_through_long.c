// Doubles kept as their bits in a `long` array and read back an iteration
// later: clang -O2 turns the read into a `load double` tagged with TBAA's
// "long", and the value crosses a call, so the gradient tapes it.  The
// first derivative, and forward-over-reverse and reverse-over-reverse
// second derivatives (the tape's own entries differentiated again: integer
// entries carry the tape's integer TBAA type), against central differences.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
#include <string.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;
__attribute__((noinline)) double times(double a, double b) { return a * b; }
double f(double x, int n) {
  long hist[2] = {0, 0};
  double s = 0;
  for (int i = 0; i < n; i++) {
    long b = hist[i & 1];
    double prev; memcpy(&prev, &b, 8);
    s += times(prev, x) + 0.1 * x;
    double cur = x * (i + 1) + 0.5 * s;
    memcpy(&hist[i & 1], &cur, 8);
  }
  return s;
}
double df(double x, int n) { return __enzyme_autodiff((void *)f, x, enzyme_const, n); }
int main(void) {
  int bad = 0;
  for (double x = 0.3; x < 1.2; x += 0.4) {
    double h = 1e-5;
    bad += !check_close("df", 0, df(x, 5), (f(x + h, 5) - f(x - h, 5)) / (2 * h));
    bad += !check_close("fwd(df)", 1, __enzyme_fwddiff((void *)df, x, 1.0, enzyme_const, 5), (df(x + h, 5) - df(x - h, 5)) / (2 * h));
    bad += !check_close("rev(df)", 2, __enzyme_autodiff((void *)df, x, enzyme_const, 5), (df(x + h, 5) - df(x - h, 5)) / (2 * h));
  }
  return bad != 0;
}
