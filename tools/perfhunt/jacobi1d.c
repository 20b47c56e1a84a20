// 1D Jacobi stencil: T sweeps, ping-pong between two work arrays.
#define PH_REPS 10
#include "ph.h"
#define N 2000
#define T 50
PH_VECTOR_INPUTS(N)
double f(const double *x, double *a, double *b, int n, int t) {
  for (int i = 0; i < n; i++) a[i] = x[i];
  for (int s = 0; s < t; s++) {
    for (int i = 1; i < n - 1; i++) b[i] = 0.33 * (a[i - 1] + a[i] + a[i + 1]);
    b[0] = a[0]; b[n - 1] = a[n - 1];
    double *tmp = a; a = b; b = tmp;
  }
  double e = 0;
  for (int i = 0; i < n; i++) e += a[i] * a[i];
  return e;
}
static double A[N], B[N], DA[N], DB[N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(0.1 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DA, 0, sizeof DA); memset(DB, 0, sizeof DB);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, A, DA, enzyme_dup, B, DB, enzyme_const, N, enzyme_const, T);
}
static double ph_primal(void) { return f(X, A, B, N, T); }
