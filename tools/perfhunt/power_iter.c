// Power iteration: v <- A v / |A v| a fixed number of times, the vector
// overwritten in place each iteration (the reverse needs every iterate),
// then the Rayleigh quotient v.A v.  The dense matrix is active.
#define PH_REPS 30
#include "ph.h"
#define N 120
#define ITERS 30
PH_VECTOR_INPUTS(N * N)
double power_rayleigh(const double *a, double *v, double *w, int n, int iters) {
  for (int i = 0; i < n; i++) v[i] = 1.0 / sqrt((double)n);
  for (int it = 0; it < iters; it++) {
    double nrm = 0;
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int j = 0; j < n; j++) s += a[i * n + j] * v[j];
      w[i] = s;
      nrm += s * s;
    }
    double inv = 1 / sqrt(nrm);
    for (int i = 0; i < n; i++) v[i] = w[i] * inv;
  }
  double q = 0;
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++) s += a[i * n + j] * v[j];
    q += v[i] * s;
  }
  return q;
}
static double V[N], DV[N], W[N], DW[N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) X[i * N + j] = (i == j ? 2.0 + 0.01 * i : 0) + 0.05 * sin(0.3 * (i + j) + 0.01 * i * j);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  memset(DV, 0, sizeof DV);
  memset(DW, 0, sizeof DW);
  __enzyme_autodiff((void *)power_rayleigh, enzyme_dup, X, DX, enzyme_dup, V, DV, enzyme_dup, W, DW, enzyme_const, N, enzyme_const, ITERS);
}
static double ph_primal(void) { return power_rayleigh(X, V, W, N, ITERS); }
