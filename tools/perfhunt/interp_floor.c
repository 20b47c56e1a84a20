// Piecewise-linear interpolation of a table at points, floor() picking the
// cell; squared error against targets.  Table values and points active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define K 64
#define NP 10000
PH_VECTOR_INPUTS(K + NP)
static double T[NP];
double fit(const double *tab, const double *xs, const double *t, int k, int np) {
  double s = 0;
  for (int i = 0; i < np; i++) {
    double x = xs[i], fl = floor(x);
    int c = (int)fl;
    double fr = x - fl;
    double y = tab[c] * (1 - fr) + tab[c + 1] * fr;
    s += (y - t[i]) * (y - t[i]);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int j = 0; j < K; j++) X[j] = sin(0.2 * j);
  for (int i = 0; i < NP; i++) X[K + i] = 0.3 + (K - 2.6) * (0.5 + 0.5 * sin(0.7 * i)), T[i] = cos(0.01 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)fit, enzyme_dup, X, DX, enzyme_dup, X + K, DX + K, enzyme_const, T, enzyme_const, K, enzyme_const, NP);
}
static double ph_primal(void) { return fit(X, X + K, T, K, NP); }
