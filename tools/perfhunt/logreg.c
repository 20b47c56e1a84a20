// Logistic regression negative log likelihood with log1p(exp(.)) and an L2 penalty; weights active.
#define PH_REPS 10
#include "ph.h"
#define NS 2000
#define D 20
static double X[D + 1], DX[D + 1], A[NS * D];   // weights, bias
static int Y[NS];
PH_ARRAY_INPUTS(X, DX, D + 1)
double f(const double *w, const double *a, const int *y, int ns, int d) {
  double nll = 0;
  for (int i = 0; i < ns; i++) {
    double z = w[d];
    for (int j = 0; j < d; j++) z += a[i * d + j] * w[j];
    double m = y[i] ? -z : z;
    nll += m > 0 ? m + log1p(exp(-m)) : log1p(exp(m));
  }
  double reg = 0;
  for (int j = 0; j < d; j++) reg += w[j] * w[j];
  return nll / ns + 1e-3 * reg;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NS * D; i++) A[i] = sin(0.13 * i) + 0.2 * cos(0.031 * i);
  for (int i = 0; i < NS; i++) Y[i] = sin(0.7 * i) > 0;
  for (int j = 0; j <= D; j++) X[j] = 0.3 * cos(0.9 * j);
}
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, A, enzyme_const, Y, enzyme_const, NS, enzyme_const, D); }
static double ph_primal(void) { return f(X, A, Y, NS, D); }
