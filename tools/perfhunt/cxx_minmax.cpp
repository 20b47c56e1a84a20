// <cmath> and <algorithm>: std::max / std::min clamps (selects on
// references in the IR), std::sqrt, std::exp, std::log1p, std::hypot.
#define PH_REPS 20
#include <algorithm>
#include <cmath>
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
double loss(const double *x, int n) {
  double l = 0, hi = -1e300;
  for (int i = 0; i < n; i++) {
    double c = std::min(std::max(x[i], -0.8), 0.9);
    double s = std::sqrt(1.0 + c * c) + std::exp(-std::abs(x[i]));
    l += s * std::log1p(c * c) + std::hypot(x[i], 0.5);
    hi = std::max(hi, x[i] * s);
  }
  return l + hi;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = 1.3 * sin(0.1 * i + 0.05) ; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)loss, enzyme_dup, X, DX, enzyme_const, N);
}
static double ph_primal(void) { return loss(X, N); }
