// Angle loss: 1 - cos(atan2(y_i, x_i) - theta_i) over 2D vectors; vectors active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define N 10000
PH_VECTOR_INPUTS(2 * N)
static double TH[N];
double aloss(const double *v, const double *th, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += 1 - cos(atan2(v[2 * i + 1], v[2 * i]) - th[i]);
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[2 * i] = cos(0.01 * i) + 0.1, X[2 * i + 1] = sin(0.013 * i), TH[i] = 0.001 * i;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)aloss, enzyme_dup, X, DX, enzyme_const, TH, enzyme_const, N);
}
static double ph_primal(void) { return aloss(X, TH, N); }
