// CFLAGS: -fsanitize=address
// LDFLAGS: -fsanitize=address
// A function built with AddressSanitizer differentiated in both modes (and
// split into its augmented forward pass and reverse pass): its
// local array lives in ASan's frame (an alloca or, at run time, a fake stack
// frame from __asan_stack_malloc_N), its heap array and a global (padded
// with a redzone and registered by asan.module_ctor) are checked on each
// access, and its memcpy of active data is __asan_memcpy.  The caller's
// marker loads are checked too.  The output is compiled without the
// sanitizer (it is instrumented already) and linked with its runtime: no
// report, and the gradient is right.  (Before: refused at a pointer made of
// '%MyAlloca', or '__asan_memcpy' without a rule; without either, an
// undefined reference to 'enzyme_dup' at link time.)
//   f(x) = sum_i loc_i g_i h_i / x_i + sum_i x_i  with loc_i = x_i^2,
//   g = copy of x, h = copy of loc: sum_i x_i^4 + x_i: d/dx_i = 4 x_i^3 + 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

#define N 5
double g[N];

double f(const double *x, int n) {
  double loc[N];
  double *h = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) loc[i] = x[i] * x[i];
  memcpy(h, loc, n * sizeof(double));
  memcpy(g, x, n * sizeof(double));
  double s = 0;
  for (int i = 0; i < n; i++) s += loc[i] * g[i] * h[i] / x[i] + x[i];
  free(h);
  return s;
}

int main(void) {
  double *x = malloc(N * sizeof(double));
  double d[N], want[N];
  int ok = 1;
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 + 0.3 * i;
    d[i] = 0;
    want[i] = 4 * x[i] * x[i] * x[i] + 1;
  }
  __enzyme_autodiff((void *)f, enzyme_dup, x, d, enzyme_const, N);
  for (int i = 0; i < N; i++) ok &= check_close("reverse d", i, d[i], want[i]);
  for (int i = 0; i < N; i++) {
    double dx[N] = {0};
    dx[i] = 1;
    double t = __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, enzyme_const, N);
    ok &= check_close("forward d", i, t, want[i]);
  }
  for (int i = 0; i < N; i++) d[i] = 0;
  void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, x, d, enzyme_const, N);
  __enzyme_reverse((void *)f, enzyme_dup, x, d, enzyme_const, N, 1.0, tape);
  for (int i = 0; i < N; i++) ok &= check_close("split d", i, d[i], want[i]);
  free(x);
  if (!ok) return 1;
  printf("ok\n");
  return 0;
}
