// A small gradient called once per observation (bundle-adjustment shape):
// per-call overhead (tape setup, shadow zeroing, alias checks) dominates.
// With SMALL_CALLS_LOOP (small_loop_calls.c) the function holds a short loop
// (a Horner-like recurrence over 6 coefficients), so each call sets up a tape.
#define PH_REPS 20
#include "ph.h"
#define NOBS 20000
#ifdef SMALL_CALLS_LOOP
#define NP 6
#else
#define NP 8
#endif
static double X[NOBS * NP], DX[NOBS * NP];
PH_ARRAY_INPUTS(X, DX, NOBS * NP)

#ifdef SMALL_CALLS_LOOP
__attribute__((noinline)) static double residual(const double *c, int k) {
  double t = 0.7, y = 0;
  for (int i = 0; i < k; i++) y = y * t * c[i] + sin(c[i]);
  return y * y;
}
#else
__attribute__((noinline)) static double residual(const double *p, int unused) {
  double u = p[0] * p[3] + p[1] * p[4] + p[2] * p[5];
  double v = p[3] * p[3] + p[4] * p[4] + p[5] * p[5];
  double r = u / (1 + v) + p[6] * sin(p[7]);
  return r * r;
}
#endif
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NOBS * NP; i++) X[i] = sin(0.37 * i) * 0.9;
}
static void ph_grad(void) {
  for (int o = 0; o < NOBS; o++) {
    double *d = DX + o * NP;
    for (int k = 0; k < NP; k++) d[k] = 0;
    __enzyme_autodiff((void *)residual, enzyme_dup, X + o * NP, d, enzyme_const, NP);
  }
}
static double ph_primal(void) {
  double s = 0;
  for (int o = 0; o < NOBS; o++) s += residual(X + o * NP, NP);
  return s;
}
