// Batched forward mode (enzyme_width 4): a tanh MLP layer pair over a batch,
// the full gradient with respect to the first layer's bias, 4 directions
// per call (fwd_mlp: one direction per call).
#define PH_REPS 2
#include "ph.h"
#define I 16
#define H 16
#define NB 100
static double W1[H * I], B1[H], DB1[4][H], W2[H], in[NB * I], G[H], Z[H];
static int ph_nin(void) { return H; }
static double *ph_input(int i) { return &B1[i]; }
static double ph_gradient_of(int i) { return G[i]; }
static int ph_ngrads(void) { return H; }
static double ph_grad_entry(int i) { return G[i]; }
double net(const double *w1, const double *b1, const double *w2, const double *in, int nb) {
  double l = 0;
  for (int n = 0; n < nb; n++) {
    double o = 0;
    for (int i = 0; i < H; i++) {
      double s = b1[i];
      for (int k = 0; k < I; k++) s += w1[i * I + k] * in[n * I + k];
      o += w2[i] * tanh(s);
    }
    l += (o - 0.5) * (o - 0.5);
  }
  return l;
}
typedef struct { double d[4]; } T4;
extern int enzyme_width;
T4 __enzyme_fwddiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < H * I; i++) W1[i] = 0.3 * sin(0.7 * i);
  for (int i = 0; i < H; i++) B1[i] = 0.1 * cos(i), W2[i] = 0.5 * sin(1.3 * i + 0.2);
  for (int i = 0; i < NB * I; i++) in[i] = cos(0.11 * i);
}
static void ph_grad(void) {
  for (int d = 0; d < H; d += 4) {
    memset(DB1, 0, sizeof DB1);
    for (int k = 0; k < 4; k++) DB1[k][d + k] = 1;
    T4 t = __enzyme_fwddiff((void *)net, enzyme_width, 4, enzyme_const, W1, enzyme_dup, B1, DB1[0], DB1[1], DB1[2], DB1[3],
                            enzyme_const, W2, enzyme_const, in, enzyme_const, NB);
    for (int k = 0; k < 4; k++) G[d + k] = t.d[k];
  }
}
static double ph_primal(void) { return net(W1, B1, W2, in, NB); }
