// A pointer into the middle of an array passed as the duplicated argument,
// read at negative offsets and with a stride.
#include "../check.h"
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) double around(double *mid, int k, int stride) {
  double s = 0;
  for (int i = -k; i <= k; i++) s += mid[i * stride] * mid[-i * stride] + cos(mid[i]);
  mid[-1] = s;   /* written after reading: its adjoint is overwritten */
  return s * mid[1];
}
static double run(const double *x) { double t[11]; for (int i = 0; i < 11; i++) t[i] = x[i]; return around(t + 5, 2, 2); }
int main(void) {
  double x[11], v[11], dv[11] = {0};
  for (int i = 0; i < 11; i++) v[i] = x[i] = 0.1 * i - 0.4 + 0.03 * i * i;
  __enzyme_autodiff((void *)around, v + 5, dv + 5, 2, 2);
  int bad = 0;
  for (int i = 0; i < 11; i++) bad += !check_close("dv", i, dv[i], CENTRAL_DIFFERENCE(x[i], 1e-6, run(x)));
  return bad != 0;
}
