// Loops whose trip count comes from a double: while (x < 10) x *= a.
#include "../check.h"
typedef struct { double a, b; } G2;
G2 __enzyme_autodiff2(void *, ...);
double grow(double x, double a) {
  int k = 0;
  while (x < 10) { x = x * a + 0.1 * x * x; k++; }
  return x + k;
}
int main(void) {
  double x = 0.9, a = 1.13;
  G2 g = __enzyme_autodiff2((void *)grow, x, a);
  int bad = 0;
  bad += !check_close("dx", 0, g.a, CENTRAL_DIFFERENCE(x, 1e-7, grow(x, a)));
  bad += !check_close("da", 0, g.b, CENTRAL_DIFFERENCE(a, 1e-7, grow(x, a)));
  return bad != 0;
}
