// Quantile (pinball) loss of a linear model, max(q r, (q - 1) r) written as a
// select, r = y - w.x; weights active.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define NS 2000
#define D 16
PH_VECTOR_INPUTS(D)
static double A[NS * D], Y[NS];
double pinball(const double *w, const double *a, const double *y, double q, int ns, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double p = 0;
    for (int j = 0; j < d; j++) p += w[j] * a[i * d + j];
    double r = y[i] - p;
    s += r >= 0 ? q * r : (q - 1) * r;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int j = 0; j < D; j++) X[j] = 0.2 * sin(1.1 * j);
  for (int i = 0; i < NS * D; i++) A[i] = cos(0.29 * i);
  for (int i = 0; i < NS; i++) Y[i] = sin(0.03 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)pinball, enzyme_dup, X, DX, enzyme_const, A, enzyme_const, Y, enzyme_const, 0.7, enzyme_const, NS, enzyme_const, D);
}
static double ph_primal(void) { return pinball(X, A, Y, 0.7, NS, D); }
