// long double (x86_fp80: 10 bytes of data in 16) in memory: arrays passed
// enzyme_dup, copied with memcpy and by struct assignment, a struct mixing
// long double and double fields, and l-suffixed libm (logl, fabsl, fmal,
// hypotl, atan2l, tanhl, cbrtl): gradients against central differences
// (computed in long double).
#include <math.h>
#include <stdio.h>
#include <string.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 5
typedef struct { long double a; double b; long double c[2]; } Mix;

long double chain(const long double *x, int n) {
  long double y[N];
  memcpy(y, x, sizeof(long double) * n);
  Mix m = {y[0] * y[1], (double)y[2], {y[3], logl(1 + y[4] * y[4])}};
  Mix k = m;                         /* struct copy */
  k.c[0] = fmal(k.c[0], k.a, k.b);
  long double s = 0;
  for (int i = 0; i < n; i++) s += hypotl(y[i], 0.5L) * fabsl(y[(i + 1) % n]);
  return s + atan2l(k.a, k.c[1]) + tanhl(k.c[0]) + cbrtl(2 + k.b * k.b);
}

int main(void) {
  long double x[N] = {0.7L, -1.1L, 0.4L, 1.9L, -0.6L}, dx[N] = {0};
  __enzyme_autodiff((void *)chain, enzyme_dup, x, dx, enzyme_const, N);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    long double h = 1e-7L, keep = x[i];
    x[i] = keep + h;
    long double p = chain(x, N);
    x[i] = keep - h;
    long double m = chain(x, N);
    x[i] = keep;
    long double want = (p - m) / (2 * h);
    if (!(fabsl(dx[i] - want) <= 1e-7L * (1 + fabsl(want)))) {
      printf("MISMATCH dx[%d]: got %.12Lg, want %.12Lg\n", i, dx[i], want);
      bad++;
    }
  }
  return bad != 0;
}
