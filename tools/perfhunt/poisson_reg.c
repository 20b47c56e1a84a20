// Poisson regression negative log-likelihood: exp(w.x_i) - k_i w.x_i + lgamma(k_i + 1)
// (the lgamma of the counts is constant); weights active.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define NS 2000
#define D 16
PH_VECTOR_INPUTS(D)
static double A[NS * D], K[NS];
double nll(const double *w, const double *a, const double *k, int ns, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double eta = 0;
    for (int j = 0; j < d; j++) eta += w[j] * a[i * d + j];
    s += exp(eta) - k[i] * eta + lgamma(k[i] + 1);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int j = 0; j < D; j++) X[j] = 0.1 * sin(1.3 * j);
  for (int i = 0; i < NS * D; i++) A[i] = cos(0.41 * i);
  for (int i = 0; i < NS; i++) K[i] = i % 5;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)nll, enzyme_dup, X, DX, enzyme_const, A, enzyme_const, K, enzyme_const, NS, enzyme_const, D);
}
static double ph_primal(void) { return nll(X, A, K, NS, D); }
