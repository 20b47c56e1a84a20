// Cholesky factorization in place (a working copy of A), then forward and back substitution; loss = x.x.
#define PH_REPS 5
#include "ph.h"
#define N 60
static double X[N * N + N], DX[N * N + N];   // A (made SPD in setup), then b
PH_ARRAY_INPUTS(X, DX, N * N + N)
double f(const double *a, const double *b, double *l, double *x, int n) {
  for (int i = 0; i < n * n; i++) l[i] = a[i];
  for (int j = 0; j < n; j++) {
    for (int k = 0; k < j; k++) l[j * n + j] -= l[j * n + k] * l[j * n + k];
    l[j * n + j] = sqrt(l[j * n + j]);
    for (int i = j + 1; i < n; i++) {
      for (int k = 0; k < j; k++) l[i * n + j] -= l[i * n + k] * l[j * n + k];
      l[i * n + j] /= l[j * n + j];
    }
  }
  for (int i = 0; i < n; i++) {          // L y = b, y in x
    double s = b[i];
    for (int k = 0; k < i; k++) s -= l[i * n + k] * x[k];
    x[i] = s / l[i * n + i];
  }
  for (int i = n - 1; i >= 0; i--) {     // L^T x = y, in place
    double s = x[i];
    for (int k = i + 1; k < n; k++) s -= l[k * n + i] * x[k];
    x[i] = s / l[i * n + i];
  }
  double e = 0;
  for (int i = 0; i < n; i++) e += x[i] * x[i];
  return e;
}
static double L[N * N], DL[N * N], Y[N], DY[N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      double v = 0.3 * sin(0.7 * i + 1.3 * j) + (i == j ? N : 0);
      X[i * N + j] = X[j * N + i] = v;
    }
  for (int i = 0; i < N; i++) X[N * N + i] = cos(0.4 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DL, 0, sizeof DL); memset(DY, 0, sizeof DY);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, X + N * N, DX + N * N, enzyme_dup, L, DL, enzyme_dup, Y, DY, enzyme_const, N);
}
static double ph_primal(void) { return f(X, X + N * N, L, Y, N); }
