/* Second derivatives of a function that keeps an intermediate in a global
 * (a scratch array written, then read back; at -O0 clang keeps the round
 * trip through memory) and carries state from call to call in another.
 * The first derivative's own code adds adjoints into (or keeps tangents in)
 * the globals' shadows: differentiated again, those shadows carry
 * derivatives of their own (forward over reverse gave 0.638 for 1.515 at
 * -O0: the adjoint kept in the scratch's shadow had no tangent).  Reverse
 * over reverse and forward over forward are refused (lit
 * same-mode-twice-global-shadow.ll). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double scratch[2];
double prev = 0.25;               /* read, then written: state between calls */
__attribute__((noinline)) double f(double x) {
  scratch[0] = sin(x);
  scratch[1] = scratch[0] * x;
  double r = scratch[1] * prev + x * x * x;
  prev = x;
  return r;
}
__attribute__((noinline)) double grad(double x) { return __enzyme_autodiff((void *)f, x); }

int main(void) {
  int bad = 0;
  double xs[] = {0.5, 1.2, -0.7};
  for (int i = 0; i < 3; i++) {
    double x = xs[i], p = prev;
    /* f = p x sin x + x^3: f' = p (sin x + x cos x) + 3x^2, f'' = p (2 cos x - x sin x) + 6x */
    double want = p * (2 * cos(x) - x * sin(x)) + 6 * x;
    bad += !check_close("fwd over rev", i, __enzyme_fwddiff((void *)grad, x, 1.0), want);
    prev = p;
    bad += !check_close("first", i, grad(x), p * (sin(x) + x * cos(x)) + 3 * x * x);
  }
  return bad != 0;
}
