// Split mode: a dense tanh layer y = tanh(W x + b) over a batch (void,
// outputs through a pointer); the caller seeds dy between
// __enzyme_augmentfwd and __enzyme_reverse (tape passed last).
#define PH_REPS 10
#include "ph.h"
#define I 32
#define H 32
#define NB 50
#define NW (H * I + H)
static double W[NW], DW[NW], in[NB * I], Y[NB * H], DY[NB * H];
PH_ARRAY_INPUTS(W, DW, NW)
void layer(const double *w, const double *in, double *y, int nb) {
  const double *b = w + H * I;
  for (int n = 0; n < nb; n++)
    for (int i = 0; i < H; i++) {
      double s = b[i];
      for (int k = 0; k < I; k++) s += w[i * I + k] * in[n * I + k];
      y[n * H + i] = tanh(s);
    }
}
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
static double seed(int j) { return sin(0.03 * j) + 0.5; }
static void ph_setup(void) {
  for (int i = 0; i < NW; i++) W[i] = 0.2 * sin(0.7 * i);
  for (int i = 0; i < NB * I; i++) in[i] = cos(0.11 * i);
}
static void ph_grad(void) {
  memset(DW, 0, sizeof DW);
  memset(DY, 0, sizeof DY);
  void *tape = __enzyme_augmentfwd((void *)layer, enzyme_dup, W, DW, enzyme_const, in, enzyme_dup, Y, DY, enzyme_const, NB);
  for (int j = 0; j < NB * H; j++) DY[j] = seed(j);
  __enzyme_reverse((void *)layer, enzyme_dup, W, DW, enzyme_const, in, enzyme_dup, Y, DY, enzyme_const, NB, tape);
}
static double ph_primal(void) {
  layer(W, in, Y, NB);
  double s = 0;
  for (int j = 0; j < NB * H; j++) s += seed(j) * Y[j];
  return s;
}
