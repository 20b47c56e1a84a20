// A ReLU and fmax/fabs per element (compares and selects of float values in a
// one-block loop body), summed; the inputs are active.
#define PH_REPS 20
#include "ph.h"
#define N 20000
static double B[N];
PH_VECTOR_INPUTS(N)
double f(const double *x, const double *b, int n) {
  double l = 0;
  for (int i = 0; i < n; i++) {
    double z = 1.5 * x[i] - b[i], h = z > 0 ? z : 0.01 * z;
    l += h * h + fmax(x[i], 0.2 * b[i]) + 0.1 * fabs(x[i] - b[i]);
  }
  return l;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) { X[i] = sin(0.1 * i); B[i] = 0.3 * cos(0.07 * i); } }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, B, enzyme_const, N); }
static double ph_primal(void) { return f(X, B, N); }
