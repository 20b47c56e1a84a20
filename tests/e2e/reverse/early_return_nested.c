// Early return from inside nested loops, the exit chosen by active data,
// with a union punning the running value's bits (sign cleared).
#include <stdint.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
static double absbits(double d) { union { double d; uint64_t u; } p = {d}; p.u &= ~(1ull << 63); return p.d; }
__attribute__((noinline)) double search(const double *a, int n, int m) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      double t = a[i] * a[j] - 0.3 * j;
      s += absbits(t) * a[(i + j) % n];
      if (s > 2.5) return s * a[i] + (double)(i * m + j);
    }
    if (s < -1) return -s;
  }
  return s * s;
}
int main(void) {
  int bad = 0;
  double sets[2][4] = {{1.3, -0.8, 1.1, 1.5}, {0.1, 0.2, -0.1, 0.15}};  /* early exit, then none */
  for (int k = 0; k < 2; k++) {
    double *a = sets[k], da[4] = {0};
    __enzyme_autodiff((void *)search, a, da, 4, 3);
    for (int i = 0; i < 4; i++) bad += !check_close("da", 4 * k + i, da[i], CENTRAL_DIFFERENCE(a[i], 1e-7, search(a, 4, 3)));
  }
  return bad != 0;
}
