// Horner evaluation of a degree-30 polynomial at many points; coefficients and points active.
#define PH_REPS 20
#include "ph.h"
#define NP 5000
#define DEG 30
static double X[DEG + 1 + NP], DX[DEG + 1 + NP];   // coefficients, then points
PH_ARRAY_INPUTS(X, DX, DEG + 1 + NP)
double f(const double *c, const double *t, int np, int deg) {
  double s = 0;
  for (int i = 0; i < np; i++) {
    double p = c[deg];
    for (int k = deg - 1; k >= 0; k--) p = p * t[i] + c[k];
    s += p * p;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int k = 0; k <= DEG; k++) X[k] = cos(0.5 * k) / (1 + k);
  for (int i = 0; i < NP; i++) X[DEG + 1 + i] = 0.9 * sin(0.01 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, X + DEG + 1, DX + DEG + 1, enzyme_const, NP, enzyme_const, DEG);
}
static double ph_primal(void) { return f(X, X + DEG + 1, NP, DEG); }
