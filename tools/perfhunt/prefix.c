// Cumulative sum and prefix product into work arrays, then a loss.
#define PH_REPS 50
#include "ph.h"
#define N 10000
static double X[N], DX[N], S[N], DS[N], P[N], DP[N];
PH_ARRAY_INPUTS(X, DX, N)
double f(const double *x, double *s, double *p, int n) {
  s[0] = x[0]; p[0] = 1 + 0.01 * x[0];
  for (int i = 1; i < n; i++) { s[i] = s[i - 1] + x[i]; p[i] = p[i - 1] * (1 + 0.01 * x[i]); }
  double e = 0;
  for (int i = 0; i < n; i++) e += s[i] * p[i];
  return e * 1e-6;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < N; i++) X[i] = sin(0.1 * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); memset(DS, 0, sizeof DS); memset(DP, 0, sizeof DP);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, S, DS, enzyme_dup, P, DP, enzyme_const, N); }
static double ph_primal(void) { return f(X, S, P, N); }
