// A recurrent scalar filter y_t = a y_{t-1} + b x_t (a long loop-carried
// chain) with a squared error against a target; a, b and the signal active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(2 + N)
static double T[N];
double filt(const double *ab, const double *x, const double *t, int n) {
  double y = 0, s = 0;
  for (int i = 0; i < n; i++) {
    y = ab[0] * y + ab[1] * x[i];
    s += (y - t[i]) * (y - t[i]);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  X[0] = 0.9, X[1] = 0.3;
  for (int i = 0; i < N; i++) X[2 + i] = sin(0.01 * i), T[i] = 2 * sin(0.01 * i - 0.2);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)filt, enzyme_dup, X, DX, enzyme_dup, X + 2, DX + 2, enzyme_const, T, enzyme_const, N);
}
static double ph_primal(void) { return filt(X, X + 2, T, N); }
