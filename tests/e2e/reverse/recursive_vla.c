// Recursion with active arguments where each level allocates a VLA filled
// from the active data (alloca inside a recursive call and a loop).
#include "../check.h"
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) static double level(const double *x, int n, double carry) {
  if (n == 0) return carry * carry;
  double buf[n];
  for (int i = 0; i < n; i++) buf[i] = sin(x[i] * carry) + x[i];
  double s = 0;
  for (int i = 0; i < n; i++) s += buf[i] * buf[n - 1 - i];
  return level(x + 1, n - 1, 0.5 * carry + 0.1 * s) + buf[0] * carry;
}
double top(const double *x, int n, double c) {
  double acc = 0;
  for (int k = 1; k <= 2; k++) { double tmp[k]; tmp[k - 1] = c * k; acc += level(x, n, tmp[k - 1]); }
  return acc;
}
int main(void) {
  double x[5] = {0.3, -0.2, 0.5, 0.8, -0.6}, dx[5] = {0}, c = 0.7;
  double dc = __enzyme_autodiff((void *)top, x, dx, 5, c);
  int bad = 0;
  for (int i = 0; i < 5; i++) bad += !check_close("dx", i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, top(x, 5, c)));
  bad += !check_close("dc", 0, dc, CENTRAL_DIFFERENCE(c, 1e-6, top(x, 5, c)));
  return bad != 0;
}
