// Per-sample logistic loss with a branch on the label, and a clipped squared
// loss with a branch on the residual: multi-block loop bodies whose math
// calls stay on one side of an if/else; the per-sample scores are active.
#define PH_REPS 20
#include "ph.h"
#define N 20000
static int L[N];
static double T[N];
PH_VECTOR_INPUTS(N)
double f(const double *z, const int *label, const double *t, int n) {
  double nll = 0, clip = 0;
  for (int i = 0; i < n; i++) {
    if (label[i]) nll += log1p(exp(-z[i]));
    else nll += log1p(exp(z[i]));
    double r = z[i] - t[i];
    if (r > 1.0) clip += 2.0 * r - 1.0;
    else if (r < -1.0) clip -= 2.0 * r + 1.0;
    else clip += r * r;
  }
  return nll / n + 0.5 * clip;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) { X[i] = 2 * sin(0.1 * i); L[i] = cos(0.37 * i) > 0; T[i] = 1.5 * cos(0.05 * i); }
}
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, L, enzyme_const, T, enzyme_const, N); }
static double ph_primal(void) { return f(X, L, T, N); }
