// k-means objective: for each point, the squared distance to its nearest center (min by select); centers active.
#define PH_REPS 10
#include "ph.h"
#define NP 2000
#define K 16
#define D 4
static double X[K * D], DX[K * D], P[NP * D];
PH_ARRAY_INPUTS(X, DX, K * D)
double f(const double *centers, const double *pts, int np, int k) {
  double total = 0;
  for (int i = 0; i < np; i++) {
    double best = INFINITY;
    for (int c = 0; c < k; c++) {
      double d2 = 0;
      for (int j = 0; j < D; j++) { double t = pts[i * D + j] - centers[c * D + j]; d2 += t * t; }
      best = d2 < best ? d2 : best;
    }
    total += best;
  }
  return total;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NP * D; i++) P[i] = 3 * sin(0.37 * i + 0.1 * (i % D));
  for (int i = 0; i < K * D; i++) X[i] = 2 * cos(1.1 * i);
}
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, P, enzyme_const, NP, enzyme_const, K); }
static double ph_primal(void) { return f(X, P, NP, K); }
