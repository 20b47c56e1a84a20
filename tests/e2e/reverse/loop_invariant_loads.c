// Loads a loop repeats from memory it never writes (a pointer kept in a
// cell, a length) hold one value for the whole loop: their tape slots are
// saved once per run of the loop, not per iteration (cache_policy.py,
// invariant_in; clang -O2 keeps such loads inside loops that call sin,
// which may write errno).  `walk` is the shape where that would be wrong:
// its loop stores a new pointer, through `next`, into the very cell it loads
// from (clang cannot tell, so the load stays in the loop; TBAA gives both
// accesses the pointer type), so the load is not invariant: here, in a
// combined derivative, the undo log takes the stores back and the reverse
// loads again (omp_invariant_loads.c has the split derivative's case, where
// the load is kept per iteration).  Both gradients by central differences.
#include <math.h>
#include <stdio.h>

#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

enum { N = 9 };

void scaled(double **cell, const int *len, double *out) {
  for (int i = 0; i < *len; i++) {
    double *p = *cell;
    out[i] = sin(p[i]) * p[i + 1 < *len ? i + 1 : i];
  }
}

void walk(double **cell, double **next, double *out, int n) {
  for (int i = 0; i < n; i++) {
    double *p = *cell;
    out[i] = sin(p[0]) * p[1] + out[i > 0 ? i - 1 : 0];
    *next = p + 1;
  }
}

static double loss_scaled(double *x) {
  double *cell = x, out[N];
  int len = N;
  scaled(&cell, &len, out);
  double s = 0;
  for (int i = 0; i < N; i++) s += (1.0 + 0.1 * i) * out[i];
  return s;
}

static double loss_walk(double *x) {
  double *cell = x, out[N] = {0};
  walk(&cell, &cell, out, N);
  double s = 0;
  for (int i = 0; i < N; i++) s += (1.0 + 0.1 * i) * out[i];
  return s;
}

int main(void) {
  int failures = 0;
  double x[N + 1], dx[N + 1], out[N], dout[N];
  for (int i = 0; i <= N; i++) { x[i] = 0.4 + 0.3 * cos(1.7 * i); dx[i] = 0; }
  double *cell = x, *dcell = dx;
  int len = N;
  for (int i = 0; i < N; i++) dout[i] = 1.0 + 0.1 * i;
  __enzyme_autodiff((void *)scaled, enzyme_dup, &cell, &dcell, enzyme_const, &len,
                    enzyme_dup, out, dout);
  failures += check_gradient("scaled", x, dx, N, loss_scaled);
  for (int i = 0; i <= N; i++) dx[i] = 0;
  for (int i = 0; i < N; i++) { out[i] = 0; dout[i] = 1.0 + 0.1 * i; }
  cell = x; dcell = dx;
  __enzyme_autodiff((void *)walk, enzyme_dup, &cell, &dcell, enzyme_dup, &cell, &dcell,
                    enzyme_dup, out, dout, enzyme_const, N);
  failures += check_gradient("walk", x, dx, N + 1, loss_walk);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
