// CSR sparse matrix-vector product, then a nonlinear loss (indirect indices).
#define PH_REPS 20
#include "ph.h"
#define N 5000
#define NNZ_ROW 9
static double X[N], DX[N], V[N * NNZ_ROW], DV[N * NNZ_ROW];
static int col[N * NNZ_ROW], rowptr[N + 1];
PH_ARRAY_INPUTS(X, DX, N)
double f(const double *val, const int *col, const int *rowptr, const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double y = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) y += val[k] * x[col[k]];
    s += log(1 + y * y);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = sin(0.1 * i);
  for (int i = 0; i <= N; i++) rowptr[i] = i * NNZ_ROW;
  for (int k = 0; k < N * NNZ_ROW; k++) { col[k] = (k * 7919) % N; V[k] = cos(0.3 * k); }
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DV, 0, sizeof DV);
  __enzyme_autodiff((void *)f, enzyme_dup, V, DV, enzyme_const, col, enzyme_const, rowptr, enzyme_dup, X, DX, enzyme_const, N);
}
static double ph_primal(void) { return f(V, col, rowptr, X, N); }
