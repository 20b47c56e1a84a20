// A GELU layer in its erf form, 0.5 z (1 + erf(z / sqrt 2)), z = w_j x_i + b_j,
// weighted by fixed output weights and summed; weights and biases active.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define NS 400
#define H 32
PH_VECTOR_INPUTS(2 * H)
static double Xs[NS], V[H];
double loss(const double *wb, const double *x, const double *v, int ns, int h) {
  double s = 0;
  for (int i = 0; i < ns; i++)
    for (int j = 0; j < h; j++) {
      double z = wb[j] * x[i] + wb[h + j];
      s += v[j] * 0.5 * z * (1 + erf(z * M_SQRT1_2));
    }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int j = 0; j < 2 * H; j++) X[j] = 0.5 * sin(0.9 * j + 0.2);
  for (int j = 0; j < H; j++) V[j] = cos(0.4 * j);
  for (int i = 0; i < NS; i++) Xs[i] = 2 * sin(0.05 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)loss, enzyme_dup, X, DX, enzyme_const, Xs, enzyme_const, V, enzyme_const, NS, enzyme_const, H);
}
static double ph_primal(void) { return loss(X, Xs, V, NS, H); }
