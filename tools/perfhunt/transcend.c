// pow/exp/log-heavy elementwise code.
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
double f(const double *x, int n) {
  double s = 0;
  for (const double *end = x + n; x != end; x++) {
    double a = *x;
    s += pow(a, 2.5) * exp(-a) + log(a) * pow(a, 0.3) + exp(a * 0.1) / (1 + pow(a, 1.7));
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = 1.2 + sin(0.1 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, N); }
static double ph_primal(void) { return f(X, N); }
