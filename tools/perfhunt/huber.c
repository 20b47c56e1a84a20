// Huber loss of per-coordinate residuals r = y - w*x (an fcmp and a select
// in a one-block loop body), summed with weights; the weights are active.
#define PH_REPS 20
#include "ph.h"
#define N 20000
static double Xd[N], Y[N];
PH_VECTOR_INPUTS(N)
double f(const double *w, const double *x, const double *y, double delta, int n) {
  double l = 0;
  for (int i = 0; i < n; i++) {
    double r = y[i] - w[i] * x[i], a = fabs(r);
    l += a < delta ? 0.5 * r * r : delta * (a - 0.5 * delta);
  }
  return l;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) { X[i] = 0.5 + 0.4 * sin(0.1 * i); Xd[i] = 1.0 + cos(0.03 * i); Y[i] = 2 * sin(0.07 * i); }
}
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, Xd, enzyme_const, Y, enzyme_const, 0.8, enzyme_const, N); }
static double ph_primal(void) { return f(X, Xd, Y, 0.8, N); }
