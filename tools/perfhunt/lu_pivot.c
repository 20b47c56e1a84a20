// LU factorization with partial pivoting (fabs, compares, row swaps of a
// and b) on a local copy, then triangular solves; loss = |x|^2.  The
// matrix and the right-hand side active.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define N 40
PH_VECTOR_INPUTS(N * N + N)
double lu_solve(const double *a0, const double *b0, int n) {
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n);
  memcpy(a, a0, sizeof(double) * n * n);
  memcpy(b, b0, sizeof(double) * n);
  for (int k = 0; k < n; k++) {
    int p = k;
    double big = fabs(a[k * n + k]);
    for (int i = k + 1; i < n; i++)
      if (fabs(a[i * n + k]) > big) big = fabs(a[i * n + k]), p = i;
    if (p != k) {
      for (int j = 0; j < n; j++) {
        double t = a[k * n + j];
        a[k * n + j] = a[p * n + j];
        a[p * n + j] = t;
      }
      double t = b[k];
      b[k] = b[p];
      b[p] = t;
    }
    for (int i = k + 1; i < n; i++) {
      double l = a[i * n + k] / a[k * n + k];
      a[i * n + k] = l;
      for (int j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
      b[i] -= l * b[k];
    }
  }
  double s = 0;
  for (int i = n - 1; i >= 0; i--) {
    double v = b[i];
    for (int j = i + 1; j < n; j++) v -= a[i * n + j] * b[j];
    b[i] = v / a[i * n + i];
    s += b[i] * b[i];
  }
  free(a);
  free(b);
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) X[i * N + j] = 0.3 * sin(1.3 * i * j + 0.7 * i + 0.1 * j) + (j == (i * 7) % N ? 3.0 : 0.0);
  for (int i = 0; i < N; i++) X[N * N + i] = cos(0.4 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)lu_solve, enzyme_dup, X, DX, enzyme_dup, X + N * N, DX + N * N, enzyme_const, N);
}
static double ph_primal(void) { return lu_solve(X, X + N * N, N); }
