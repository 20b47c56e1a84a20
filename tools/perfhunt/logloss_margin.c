// Logistic loss in margin form, log1p(exp(-y w.x)), plus a softplus
// penalty log1p(exp(w_j - 1)) on every weight; weights active.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define NS 2000
#define D 16
PH_VECTOR_INPUTS(D)
static double A[NS * D], Y[NS];
double loss(const double *w, const double *a, const double *y, int ns, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double m = 0;
    for (int j = 0; j < d; j++) m += w[j] * a[i * d + j];
    s += log1p(exp(-y[i] * m));
  }
  for (int j = 0; j < d; j++) s += 0.1 * log1p(exp(w[j] - 1));
  return s / ns;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int j = 0; j < D; j++) X[j] = 0.3 * sin(1.7 * j);
  for (int i = 0; i < NS * D; i++) A[i] = cos(0.37 * i);
  for (int i = 0; i < NS; i++) Y[i] = (i % 3) ? 1.0 : -1.0;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)loss, enzyme_dup, X, DX, enzyme_const, A, enzyme_const, Y, enzyme_const, NS, enzyme_const, D);
}
static double ph_primal(void) { return loss(X, A, Y, NS, D); }
