// A small MLP (2 hidden tanh layers) with squared loss over a batch.
#define PH_REPS 10
#include "ph.h"
#define I 16
#define H 32
#define O 4
#define NB 100
#define NW (H * I + H + H * H + H + O * H + O)
static double W[NW], DW[NW], in[NB * I], tgt[NB * O];
PH_ARRAY_INPUTS(W, DW, NW)
double loss(const double *w, const double *in, const double *tgt, int nb) {
  const double *w1 = w, *b1 = w1 + H * I, *w2 = b1 + H, *b2 = w2 + H * H, *w3 = b2 + H, *b3 = w3 + O * H;
  double l = 0;
  for (int n = 0; n < nb; n++) {
    double h1[H], h2[H];
    for (int i = 0; i < H; i++) { double s = b1[i]; for (int k = 0; k < I; k++) s += w1[i * I + k] * in[n * I + k]; h1[i] = tanh(s); }
    for (int i = 0; i < H; i++) { double s = b2[i]; for (int k = 0; k < H; k++) s += w2[i * H + k] * h1[k]; h2[i] = tanh(s); }
    for (int i = 0; i < O; i++) { double s = b3[i]; for (int k = 0; k < H; k++) s += w3[i * H + k] * h2[k]; double d = s - tgt[n * O + i]; l += d * d; }
  }
  return l;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NW; i++) W[i] = 0.3 * sin(0.7 * i);
  for (int i = 0; i < NB * I; i++) in[i] = cos(0.11 * i);
  for (int i = 0; i < NB * O; i++) tgt[i] = sin(0.05 * i);
}
static void ph_grad(void) { memset(DW, 0, sizeof DW); __enzyme_autodiff((void *)loss, enzyme_dup, W, DW, enzyme_const, in, enzyme_const, tgt, enzyme_const, NB); }
static double ph_primal(void) { return loss(W, in, tgt, NB); }
