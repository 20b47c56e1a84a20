// Extended Rosenbrock and Powell singular functions summed (chained terms, x[i+1] - x[i]^2).
#define PH_REPS 50
#include "ph.h"
#define N 20000
PH_VECTOR_INPUTS(N)
double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; i++) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  for (int i = 0; i + 3 < n; i += 4) {
    double t1 = x[i] + 10 * x[i + 1], t2 = x[i + 2] - x[i + 3], t3 = x[i + 1] - 2 * x[i + 2], t4 = x[i] - x[i + 3];
    s += t1 * t1 + 5 * t2 * t2 + t3 * t3 * t3 * t3 + 10 * t4 * t4 * t4 * t4;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = 0.5 + 0.8 * sin(0.3 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, N); }
static double ph_primal(void) { return f(X, N); }
