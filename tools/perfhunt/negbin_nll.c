// Negative binomial regression: log mu_i = b0 + b1 x_i + b2 z_i, dispersion
// r = exp(p3); the NLL uses lgamma(y + r) - lgamma(r) (digamma in the
// derivative) and log(r / (r + mu)).  The four parameters are active.
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(4)
static double XF[N], ZF[N];
static int Y[N];
double nb_nll(const double *p, const double *xf, const double *zf, const int *y, int n) {
  double r = exp(p[3]), nll = 0;
  for (int i = 0; i < n; i++) {
    double mu = exp(p[0] + p[1] * xf[i] + p[2] * zf[i]), yi = y[i];
    nll -= lgamma(yi + r) - lgamma(r) + r * log(r / (r + mu)) + yi * log(mu / (r + mu));
  }
  return nll;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  X[0] = 0.4, X[1] = 0.3, X[2] = -0.2, X[3] = 0.7;
  for (int i = 0; i < N; i++) XF[i] = sin(0.01 * i), ZF[i] = cos(0.037 * i), Y[i] = (i * 7919) % 9;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)nb_nll, enzyme_dup, X, DX, enzyme_const, XF, enzyme_const, ZF, enzyme_const, Y, enzyme_const, N);
}
static double ph_primal(void) { return nb_nll(X, XF, ZF, Y, N); }
