// A loop calling a non-inlined helper per element.
#define PH_REPS 20
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
__attribute__((noinline)) double helper(double a, double b) { return a * exp(-b * b) + log(1 + a * a); }
double f(const double *x, int n) {
  double s = 0;
  for (int i = 1; i < n; i++) s += helper(x[i], x[i - 1]);
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(0.1 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, N); }
static double ph_primal(void) { return f(X, N); }
