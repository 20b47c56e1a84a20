// A fixed point x = cos(a_i x) per point, iterated until two iterates agree
// to 1e-12 (a data-dependent do-while on active values, at most 100
// steps), then a loss of the solutions.  The a_i are active.
#define PH_REPS 20
#include "ph.h"
#define N 2000
PH_VECTOR_INPUTS(N)
double fp_loss(const double *a, int n) {
  const double tol = 1e-12;
  double s = 0;
  for (int i = 0; i < n; i++) {
    double x = 0.5, prev;
    int it = 0;
    do {
      prev = x;
      x = cos(a[i] * x);
      it++;
    } while (fabs(x - prev) > tol && it < 100);
    s += x * x * (1 + 0.1 * i);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = 0.6 + 0.3 * sin(0.17 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)fp_loss, enzyme_dup, X, DX, enzyme_const, N);
}
static double ph_primal(void) { return fp_loss(X, N); }
