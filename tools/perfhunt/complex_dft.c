// C99 double _Complex: a DFT of a real signal whose twiddles are cexp of
// an active phase ramp, summed as weighted power |X_k|^2 (creal of z
// conj z).  Active: the signal and the ramp's rate.
#define PH_CONSUME
#define PH_REPS 2
#include "ph.h"
#include <complex.h>
#define N 128
PH_VECTOR_INPUTS(N + 1)
double dft_power(const double *x, const double *theta, int n) {
  double s = 0;
  for (int k = 0; k < n; k++) {
    double complex acc = 0;
    for (int j = 0; j < n; j++) acc += x[j] * cexp(I * (theta[0] * j - 2 * M_PI * j * k / n));
    s += (1.0 + 0.01 * k) * creal(acc * conj(acc));
  }
  return s / n;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = sin(0.3 * i) + 0.2 * cos(1.7 * i);
  X[N] = 0.05;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)dft_power, enzyme_dup, X, DX, enzyme_dup, X + N, DX + N, enzyme_const, N);
}
static double ph_primal(void) { return dft_power(X, X + N, N); }
