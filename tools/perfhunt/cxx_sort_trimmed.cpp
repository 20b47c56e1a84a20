// Trimmed mean of squares per block: each block of 64 values copied into a
// std::vector, std::sort'ed (introsort: moves, swaps, insertion sort), the
// outer tenth each side dropped.  The values are active.
#define PH_REPS 20
#include <algorithm>
#include <vector>
#include "ph.h"
#define B 64
#define NB 100
PH_VECTOR_INPUTS(B * NB)
double trimmed(const double *x, int nb) {
  double s = 0;
  for (int b = 0; b < nb; b++) {
    std::vector<double> v(x + b * B, x + (b + 1) * B);
    std::sort(v.begin(), v.end());
    for (int i = B / 10; i < B - B / 10; i++) s += v[i] * v[i];
  }
  return s;
}
extern "C" double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < B * NB; i++) X[i] = sin(0.7 * i) + 0.001 * i; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)trimmed, enzyme_dup, X, DX, enzyme_const, NB);
}
static double ph_primal(void) { return trimmed(X, NB); }
