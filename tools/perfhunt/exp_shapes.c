// exp, exp2, log, sigmoid, sin/cos and cbrt shapes per element: exp's
// derivative is its value (read back, never called again); sin(a), read
// back for exp(a)'s adjoint, is recomputed beside the cos(a) of its own
// derivative, so that LLVM makes one sincos call of the two.
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
static inline double term(double a) {
  return exp(a) * sin(a) + 1.0 / (1.0 + exp(-a)) + exp2(0.5 * a) * log(2.0 + a) +
         cbrt(a + 3.0) * sqrt(a + 2.0);
}
double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += term(x[i]);
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(0.1 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, N); }
static double ph_primal(void) { return f(X, N); }
