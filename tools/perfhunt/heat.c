// Explicit heat equation with a nonlinear source, two buffers swapped by pointer each time step.
#define PH_REPS 10
#include "ph.h"
#define N 1000
#define T 100
PH_VECTOR_INPUTS(N)
double f(const double *u0, double *a, double *b, int n, int t) {
  for (int i = 0; i < n; i++) a[i] = u0[i];
  b[0] = a[0]; b[n - 1] = a[n - 1];
  double *cur = a, *nxt = b;
  for (int s = 0; s < t; s++) {
    for (int i = 1; i < n - 1; i++)
      nxt[i] = cur[i] + 0.3 * (cur[i - 1] - 2 * cur[i] + cur[i + 1]) + 0.001 * sin(cur[i]);
    double *tmp = cur; cur = nxt; nxt = tmp;
  }
  double e = 0;
  for (int i = 0; i < n; i++) e += cur[i] * cur[i] * (1 + 0.001 * i);
  return e;
}
static double A[N], B[N], DA[N], DB[N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(0.02 * i) + 0.3 * cos(0.31 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DA, 0, sizeof DA); memset(DB, 0, sizeof DB);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, A, DA, enzyme_dup, B, DB, enzyme_const, N, enzyme_const, T);
}
static double ph_primal(void) { return f(X, A, B, N, T); }
