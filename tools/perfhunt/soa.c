// Struct of arrays: the same energy over separate coordinate arrays.
#define PH_REPS 5
#include "ph.h"
#define N 300
typedef struct { double *x, *y, *z, *q; } particles;
static double X[4 * N], DX[4 * N];
PH_ARRAY_INPUTS(X, DX, 4 * N)
double energy(const particles *p, int n) {
  double e = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = p->x[i] - p->x[j], dy = p->y[i] - p->y[j], dz = p->z[i] - p->z[j];
      double r2 = dx * dx + dy * dy + dz * dz + 0.1;
      e += p->q[i] * p->q[j] / sqrt(r2) + 1.0 / (r2 * r2 * r2);
    }
  return e;
}
double __enzyme_autodiff(void *, ...);
static particles S = {X, X + N, X + 2 * N, X + 3 * N}, DS = {DX, DX + N, DX + 2 * N, DX + 3 * N};
static void ph_setup(void) {
  for (int i = 0; i < N; i++) { X[i] = sin(i); X[N + i] = cos(1.3 * i); X[2 * N + i] = sin(0.7 * i + 1); X[3 * N + i] = 0.5 + 0.1 * (i % 7); }
}
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)energy, enzyme_dup, &S, &DS, enzyme_const, N); }
static double ph_primal(void) { return energy(&S, N); }
