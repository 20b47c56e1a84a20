// A GRU recurrent cell over a sequence (hidden 16, input 4): update and
// reset gates by sigmoid, candidate by tanh of the reset-scaled state,
// h = (1 - z) h + z c carried through a local array; loss = squared error
// of a readout at every step.  All weights active.
#define PH_REPS 40
#include "ph.h"
#define H 16
#define IN 4
#define T 200
#define NG (H * (IN + H + 1))
#define NW (3 * NG + H)
PH_VECTOR_INPUTS(NW)
static double seq[T * IN], target[T];
static double sigm(double v) { return 1 / (1 + exp(-v)); }
static double gate(const double *w, const double *x, const double *h, int j) {
  const double *r = w + j * (IN + H + 1);
  double s = r[IN + H];
  for (int k = 0; k < IN; k++) s += r[k] * x[k];
  for (int k = 0; k < H; k++) s += r[IN + k] * h[k];
  return s;
}
double gru_loss(const double *w, const double *xs, const double *y, int steps) {
  const double *wz = w, *wr = w + NG, *wc = w + 2 * NG, *wo = w + 3 * NG;
  double h[H] = {0}, rh[H], z[H], loss = 0;
  for (int t = 0; t < steps; t++) {
    const double *x = xs + t * IN;
    for (int j = 0; j < H; j++) {
      z[j] = sigm(gate(wz, x, h, j));
      rh[j] = sigm(gate(wr, x, h, j)) * h[j];
    }
    double hn[H];
    for (int j = 0; j < H; j++) hn[j] = (1 - z[j]) * h[j] + z[j] * tanh(gate(wc, x, rh, j));
    double out = 0;
    for (int j = 0; j < H; j++) h[j] = hn[j], out += wo[j] * h[j];
    double r = out - y[t];
    loss += r * r;
  }
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NW; i++) X[i] = 0.3 * sin(0.77 * i + 0.1);
  for (int i = 0; i < T * IN; i++) seq[i] = cos(0.05 * i);
  for (int t = 0; t < T; t++) target[t] = 0.5 * sin(0.1 * t);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)gru_loss, enzyme_dup, X, DX, enzyme_const, seq, enzyme_const, target, enzyme_const, T);
}
static double ph_primal(void) { return gru_loss(X, seq, target, T); }
