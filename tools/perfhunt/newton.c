// While loops: Newton iterations to a convergence test, per element.
#define PH_REPS 20
#include "ph.h"
#define N 5000
PH_VECTOR_INPUTS(N)
double f(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double y = 1.0, c = a[i];
    while (fabs(y * y * y - c) > 1e-12 * c) y = y - (y * y * y - c) / (3 * y * y);
    s += y * c;
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = 1.5 + sin(0.1 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, N); }
static double ph_primal(void) { return f(X, N); }
