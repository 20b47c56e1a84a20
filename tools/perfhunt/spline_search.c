// Cubic spline evaluation: per query point a binary search (a while loop on
// lo/hi) for its knot interval, then the cubic of that interval's
// coefficients (a, b, c, d per interval, stored interleaved); squared error
// against targets.  Coefficients and query points active.
#define PH_REPS 40
#include "ph.h"
#define NK 257
#define NQ 20000
#define NC (4 * (NK - 1))
PH_VECTOR_INPUTS(NC + NQ)
static double knots[NK], target[NQ];
double spline_loss(const double *coef, const double *t, const double *xs, const double *y, int nk, int nq) {
  double loss = 0;
  for (int q = 0; q < nq; q++) {
    double x = xs[q];
    int lo = 0, hi = nk - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) / 2;
      if (t[mid] <= x) lo = mid; else hi = mid;
    }
    double u = x - t[lo];
    const double *c = coef + 4 * lo;
    double v = c[0] + u * (c[1] + u * (c[2] + u * c[3]));
    double r = v - y[q];
    loss += r * r;
  }
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int k = 0; k < NK; k++) knots[k] = k * 0.1 + 0.02 * sin(k);
  for (int i = 0; i < NC; i++) X[i] = 0.3 * sin(0.21 * i) / (1 + i % 4);
  for (int q = 0; q < NQ; q++) {
    X[NC + q] = 0.05 + (NK - 1.1) * 0.1 * (0.5 + 0.49 * sin(1.3 * q));
    target[q] = cos(X[NC + q]);
  }
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)spline_loss, enzyme_dup, X, DX, enzyme_const, knots, enzyme_dup, X + NC, DX + NC,
                    enzyme_const, target, enzyme_const, NK, enzyme_const, NQ);
}
static double ph_primal(void) { return spline_loss(X, knots, X + NC, target, NK, NQ); }
