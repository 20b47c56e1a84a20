// A loss that allocates its own work vectors (operator new/delete inside
// the differentiated function): a smoothed copy built with push_back, and
// a std::vector<double> of differences sized up front.
#define PH_REPS 20
#include <vector>
#include "ph.h"
#define N 10000
PH_VECTOR_INPUTS(N)
double loss(const double *x, int n) {
  std::vector<double> smooth;
  smooth.reserve(n);
  for (int i = 0; i < n; i++) smooth.push_back(0.5 * x[i] + 0.25 * (x[i > 0 ? i - 1 : i] + x[i + 1 < n ? i + 1 : i]));
  std::vector<double> diff(n - 1);
  for (int i = 0; i + 1 < n; i++) diff[i] = smooth[i + 1] - smooth[i];
  double s = 0;
  for (double d : diff) s += d * d * (1 + d * d);
  return s;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(0.05 * i) + 0.1 * cos(0.9 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)loss, enzyme_dup, X, DX, enzyme_const, N);
}
static double ph_primal(void) { return loss(X, N); }
