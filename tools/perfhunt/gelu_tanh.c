// GELU, tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))),
// applied to activations x_i (active) with a weighted sum as loss.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
static double V[N];
double loss(const double *x, const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double xi = x[i];
    double g = 0.5 * xi * (1 + tanh(0.7978845608028654 * (xi + 0.044715 * xi * xi * xi)));
    s += v[i] * g;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = 3 * sin(0.01 * i), V[i] = cos(0.03 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)loss, enzyme_dup, X, DX, enzyme_const, V, enzyme_const, N);
}
static double ph_primal(void) { return loss(X, V, N); }
