// Soft-DTW: a 2D dynamic program over a (n+1)x(m+1) table in a local
// heap buffer, each cell a soft-min of its three predecessors (logsumexp
// shifted by their fmin); the first series active, the second constant.
#define PH_CONSUME
#define PH_REPS 5
#include "ph.h"
#define N 160
#define M 140
PH_VECTOR_INPUTS(N)
static double Y[M];
double soft_dtw(const double *x, const double *y, int n, int m, double gamma) {
  double *r = malloc(sizeof(double) * (n + 1) * (m + 1));
  int w = m + 1;
  for (int j = 0; j <= m; j++) r[j] = 1e10;
  for (int i = 1; i <= n; i++) r[i * w] = 1e10;
  r[0] = 0;
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      double d = (x[i - 1] - y[j - 1]) * (x[i - 1] - y[j - 1]);
      double a = r[(i - 1) * w + j - 1], b = r[(i - 1) * w + j], c = r[i * w + j - 1];
      double mn = fmin(a, fmin(b, c));
      double s = exp(-(a - mn) / gamma) + exp(-(b - mn) / gamma) + exp(-(c - mn) / gamma);
      r[i * w + j] = d + mn - gamma * log(s);
    }
  double res = r[n * w + m];
  free(r);
  return res;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = sin(0.05 * i) + 0.1 * cos(0.31 * i);
  for (int j = 0; j < M; j++) Y[j] = sin(0.06 * j - 0.3);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)soft_dtw, enzyme_dup, X, DX, enzyme_const, Y, enzyme_const, N, enzyme_const, M,
                    enzyme_const, 0.5);
}
static double ph_primal(void) { return soft_dtw(X, Y, N, M, 0.5); }
