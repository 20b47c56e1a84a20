// A small gradient called once per observation (bundle-adjustment shape):
// per-call overhead (tape setup, shadow zeroing, alias checks) dominates.
#define PH_REPS 20
#include "ph.h"
#define NOBS 20000
#define NP 8
static double X[NOBS * NP], DX[NOBS * NP];
PH_ARRAY_INPUTS(X, DX, NOBS * NP)

__attribute__((noinline)) static double residual(const double *p) {
  double u = p[0] * p[3] + p[1] * p[4] + p[2] * p[5];
  double v = p[3] * p[3] + p[4] * p[4] + p[5] * p[5];
  double r = u / (1 + v) + p[6] * sin(p[7]);
  return r * r;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NOBS * NP; i++) X[i] = sin(0.37 * i) * 0.9;
}
static void ph_grad(void) {
  for (int o = 0; o < NOBS; o++) {
    double *d = DX + o * NP;
    for (int k = 0; k < NP; k++) d[k] = 0;
    __enzyme_autodiff((void *)residual, enzyme_dup, X + o * NP, d);
  }
}
static double ph_primal(void) {
  double s = 0;
  for (int o = 0; o < NOBS; o++) s += residual(X + o * NP);
  return s;
}
