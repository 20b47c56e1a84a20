// Chebyshev series by the Clenshaw recurrence (b_k = c_k + 2t b_{k+1} -
// b_{k+2}, run downward over the coefficients, two values carried) at
// many points mapped to [-1, 1]; weighted sum of squares of the values.
// Coefficients and points active.
#define PH_REPS 20
#include "ph.h"
#define NC 40
#define NX 5000
PH_VECTOR_INPUTS(NC + NX)
double cheb_loss(const double *c, const double *xs, int nc, int nx, double lo, double hi) {
  double loss = 0;
  for (int i = 0; i < nx; i++) {
    double t = (2 * xs[i] - lo - hi) / (hi - lo);
    double b1 = 0, b2 = 0;
    for (int k = nc - 1; k >= 1; k--) {
      double b0 = c[k] + 2 * t * b1 - b2;
      b2 = b1;
      b1 = b0;
    }
    double v = c[0] + t * b1 - b2;
    loss += (1 + 0.1 * t) * v * v;
  }
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int k = 0; k < NC; k++) X[k] = 1.0 / (1 + k) * cos(0.9 * k);
  for (int i = 0; i < NX; i++) X[NC + i] = 1 + 2 * (0.5 + 0.49 * sin(0.37 * i));
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)cheb_loss, enzyme_dup, X, DX, enzyme_dup, X + NC, DX + NC, enzyme_const, NC,
                    enzyme_const, NX, enzyme_const, 1.0, enzyme_const, 3.0);
}
static double ph_primal(void) { return cheb_loss(X, X + NC, NC, NX, 1.0, 3.0); }
