// Layer norm over rows: mean, variance, 1/sqrt(var + eps), scaled and shifted
// by gamma/beta (constant), then a weighted sum; the activations are active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define B 100
#define C 64
PH_VECTOR_INPUTS(B * C)
static double Gm[C], Bt[C], V[B * C];
double loss(const double *x, const double *g, const double *bt, const double *v, int b, int c) {
  double s = 0;
  for (int i = 0; i < b; i++) {
    const double *r = x + i * c;
    double mu = 0, var = 0;
    for (int j = 0; j < c; j++) mu += r[j];
    mu /= c;
    for (int j = 0; j < c; j++) var += (r[j] - mu) * (r[j] - mu);
    var /= c;
    double inv = 1 / sqrt(var + 1e-5);
    for (int j = 0; j < c; j++) s += v[i * c + j] * (g[j] * (r[j] - mu) * inv + bt[j]);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < B * C; i++) X[i] = sin(0.13 * i) + 0.1 * (i % 7), V[i] = cos(0.07 * i);
  for (int j = 0; j < C; j++) Gm[j] = 1 + 0.1 * sin(j), Bt[j] = 0.05 * j;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)loss, enzyme_dup, X, DX, enzyme_const, Gm, enzyme_const, Bt, enzyme_const, V, enzyme_const, B, enzyme_const, C);
}
static double ph_primal(void) { return loss(X, Gm, Bt, V, B, C); }
