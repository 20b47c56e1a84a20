// Gaussian negative log-likelihood with per-sample mean and log sigma:
// log_sigma_i + 0.5 ((y_i - mu_i) / exp(log_sigma_i))^2; mu and log sigma active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define N 10000
PH_VECTOR_INPUTS(2 * N)
static double Y[N];
double nll(const double *p, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double mu = p[i], ls = p[n + i];
    double z = (y[i] - mu) / exp(ls);
    s += ls + 0.5 * z * z + 0.9189385332046727;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = sin(0.01 * i), X[N + i] = 0.3 * cos(0.02 * i), Y[i] = sin(0.011 * i) + 0.1;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)nll, enzyme_dup, X, DX, enzyme_const, Y, enzyme_const, N);
}
static double ph_primal(void) { return nll(X, Y, N); }
