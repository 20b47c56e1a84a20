// memset of part of an active array, then reads of the whole array.
#include <string.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) double partial_clear(double *v, int n, int k) {
  for (int i = 0; i < n; i++) v[i] = v[i] * v[i];
  memset(v + 1, 0, k * sizeof(double));
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(v[i]) * (i + 1);
  return s;
}
static double run(const double *x) { double t[6]; memcpy(t, x, sizeof t); return partial_clear(t, 6, 2); }
int main(void) {
  double x[6] = {0.3, 1.1, -0.4, 0.8, 1.5, -0.9}, v[6], dv[6] = {0};
  memcpy(v, x, sizeof v);
  __enzyme_autodiff((void *)partial_clear, v, dv, 6, 2);
  int bad = 0;
  for (int i = 0; i < 6; i++) bad += !check_close("dv", i, dv[i], CENTRAL_DIFFERENCE(x[i], 1e-6, run(x)));
  return bad != 0;
}
