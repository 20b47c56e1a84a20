// 2D Jacobi stencil with a nonlinear term, T sweeps in place-alternating buffers.
#define PH_REPS 5
#include "ph.h"
#define N 100
#define T 20
static double X[N * N], DX[N * N];
PH_ARRAY_INPUTS(X, DX, N * N)
double f(const double *x, double *a, double *b, int n, int t) {
  for (int i = 0; i < n * n; i++) a[i] = x[i];
  for (int s = 0; s < t; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.2 * (a[i * n + j] + a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1])
                       - 0.01 * a[i * n + j] * a[i * n + j];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) a[i * n + j] = b[i * n + j];
  }
  double e = 0;
  for (int i = 0; i < n * n; i++) e += a[i] * a[i];
  return e;
}
static double A[N * N], B[N * N], DA[N * N], DB[N * N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N * N; i++) X[i] = sin(0.1 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DA, 0, sizeof DA); memset(DB, 0, sizeof DB);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, A, DA, enzyme_dup, B, DB, enzyme_const, N, enzyme_const, T);
}
static double ph_primal(void) { return f(X, A, B, N, T); }
