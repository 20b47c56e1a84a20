// CFLAGS: -fopenmp
// A parallel loop loads its captured pointers and bound again in every
// iteration (clang -O2 cannot move them past sin, which may write errno):
// the region's split derivative saves them once per run of the loop, not
// per iteration (cache_policy.py, invariant_in).  `walk` is the shape where
// that would be wrong: each row's inner loop loads a pointer from cells[r]
// and stores the next one through nexts[r], which is the same cell (clang
// cannot tell; TBAA gives both accesses the pointer type), so that load is
// kept per iteration.  Gradients by central differences.
#include <math.h>
#include <stdio.h>

#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

enum { N = 12, ROWS = 3, STEPS = 4 };

void scaled(double *x, double *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) out[i] = sin(x[i]) * x[i + 1 < n ? i + 1 : i];
}

void walk(double **cells, double **nexts, double *out, int steps) {
#pragma omp parallel for firstprivate(cells, nexts)
  for (int r = 0; r < ROWS; r++)
    for (int i = 0; i < steps; i++) {
      double *p = cells[r];
      out[r * steps + i] = sin(p[0]) * p[1];
      nexts[r] = p + 1;
    }
}

static double weight(int i) { return 1.0 + 0.1 * i; }

static double loss_scaled(double *x) {
  double out[N], s = 0;
  scaled(x, out, N);
  for (int i = 0; i < N; i++) s += weight(i) * out[i];
  return s;
}

static double loss_walk(double *x) {
  double *cells[ROWS], out[ROWS * STEPS], s = 0;
  for (int r = 0; r < ROWS; r++) cells[r] = x + r * (STEPS + 1);
  walk(cells, cells, out, STEPS);
  for (int i = 0; i < ROWS * STEPS; i++) s += weight(i) * out[i];
  return s;
}

int main(void) {
  int failures = 0;
  enum { X = ROWS * (STEPS + 1) };
  double x[X], dx[X], out[ROWS * STEPS], dout[ROWS * STEPS];
  for (int i = 0; i < X; i++) { x[i] = 0.4 + 0.3 * cos(1.7 * i); dx[i] = 0; }
  for (int i = 0; i < ROWS * STEPS; i++) dout[i] = weight(i);
  __enzyme_autodiff((void *)scaled, enzyme_dup, x, dx, enzyme_dup, out, dout, enzyme_const, N);
  failures += check_gradient("scaled", x, dx, N, loss_scaled);
  double *cells[ROWS], *dcells[ROWS];
  for (int r = 0; r < ROWS; r++) { cells[r] = x + r * (STEPS + 1); dcells[r] = dx + r * (STEPS + 1); }
  for (int i = 0; i < X; i++) dx[i] = 0;
  for (int i = 0; i < ROWS * STEPS; i++) dout[i] = weight(i);
  __enzyme_autodiff((void *)walk, enzyme_dup, cells, dcells, enzyme_dup, cells, dcells,
                    enzyme_dup, out, dout, enzyme_const, STEPS);
  failures += check_gradient("walk", x, dx, X, loss_walk);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
