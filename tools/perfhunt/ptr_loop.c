// A loop walked by a pointer (for (q = x; q != end; q++)), as range-based
// for loops over containers come out of clang: no integer counter.
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
double f(const double *x, int n) {
  double s = 0;
  for (const double *q = x, *end = x + n; q != end; q++) {
    double v = *q, t = v * v + 1;
    s += v / t + sqrt(t) * v;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(0.1 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, N); }
static double ph_primal(void) { return f(X, N); }
