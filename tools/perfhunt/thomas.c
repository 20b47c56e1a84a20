// Thomas algorithm: a tridiagonal solve (forward elimination into work
// arrays c', d', then back substitution), many right-hand sides from one
// active diagonal; loss = weighted sum of x_i^2.  Diagonal and rhs active.
#define PH_REPS 60
#include "ph.h"
#define N 2000
#define NRHS 8
PH_VECTOR_INPUTS(N + NRHS * N)
double solve_loss(const double *diag, const double *rhs, int n, int nrhs) {
  double *cp = malloc(n * sizeof(double)), *dp = malloc(n * sizeof(double));
  double loss = 0;
  for (int r = 0; r < nrhs; r++) {
    const double *d = rhs + r * n;
    cp[0] = -1.0 / diag[0];
    dp[0] = d[0] / diag[0];
    for (int i = 1; i < n; i++) {
      double m = diag[i] + cp[i - 1];          // sub- and super-diagonal -1
      cp[i] = -1.0 / m;
      dp[i] = (d[i] + dp[i - 1]) / m;
    }
    double x = dp[n - 1];
    loss += x * x;
    for (int i = n - 2; i >= 0; i--) {
      x = dp[i] - cp[i] * x;
      loss += (1.0 + 0.001 * i) * x * x;
    }
  }
  free(cp);
  free(dp);
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = 2.5 + 0.5 * sin(0.37 * i);
  for (int i = N; i < N + NRHS * N; i++) X[i] = cos(0.013 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)solve_loss, enzyme_dup, X, DX, enzyme_dup, X + N, DX + N, enzyme_const, N, enzyme_const, NRHS);
}
static double ph_primal(void) { return solve_loss(X, X + N, N, NRHS); }
