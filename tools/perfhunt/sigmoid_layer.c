// A dense layer with sigmoid 1 / (1 + exp(-z)) over a batch and a squared
// error; weights and biases active.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define NB 100
#define I 16
#define O 16
PH_VECTOR_INPUTS(O * I + O)
static double IN[NB * I], TG[NB * O];
double loss(const double *w, const double *in, const double *tg, int nb) {
  double s = 0;
  for (int b = 0; b < nb; b++)
    for (int o = 0; o < O; o++) {
      double z = w[O * I + o];
      for (int i = 0; i < I; i++) z += w[o * I + i] * in[b * I + i];
      double y = 1 / (1 + exp(-z)), e = y - tg[b * O + o];
      s += e * e;
    }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < O * I + O; i++) X[i] = 0.3 * sin(0.7 * i);
  for (int i = 0; i < NB * I; i++) IN[i] = cos(0.23 * i);
  for (int i = 0; i < NB * O; i++) TG[i] = 0.5 + 0.4 * sin(0.1 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)loss, enzyme_dup, X, DX, enzyme_const, IN, enzyme_const, TG, enzyme_const, NB);
}
static double ph_primal(void) { return loss(X, IN, TG, NB); }
