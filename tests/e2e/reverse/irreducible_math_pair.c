// A loop entered in its middle by a goto (irreducible control flow, which
// belongs to no natural loop): cos(a) and sin(a) of the same value in two
// blocks of it, where the reverse pass may read one math call for the
// other's rule (same_call).  Entered at the top and in the middle, with an
// early break; central differences.
#include "../check.h"
extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
static double f(double x, int n, int skip) {
  double s = 0.5;
  int i = 0;
  double a = x;
  if (skip) goto inside;
  while (i < n) {
    a = x * (i + 1) + s * 0.1;
    s += cos(a) * 0.3;
  inside:
    s += sin(a) * s;
    i++;
    if (s > 50) break;
  }
  return s;
}
int main(void) {
  int bad = 0;
  for (int skip = 0; skip < 2; skip++)
    for (double x = 0.2; x < 1.0; x += 0.3) {
      double d = __enzyme_autodiff((void *)f, x, enzyme_const, 4, enzyme_const, skip);
      bad += !check_close("df", skip, d, CENTRAL_DIFFERENCE(x, 1e-6, f(x, 4, skip)));
    }
  return bad != 0;
}
