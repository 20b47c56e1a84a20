// Single-head attention: softmax(Q K^T / sqrt(d)) V, loss = sum of squares of the output; Q, K, V active.
#define PH_REPS 5
#include "ph.h"
#define S 64
#define D 32
static double X[3 * S * D], DX[3 * S * D];   // Q, K, V
PH_ARRAY_INPUTS(X, DX, 3 * S * D)
double f(const double *q, const double *k, const double *v, double *p, double *o, int s, int d) {
  double scale = 1 / sqrt((double)d);
  for (int i = 0; i < s; i++) {
    double m = -INFINITY;
    for (int j = 0; j < s; j++) {
      double t = 0;
      for (int c = 0; c < d; c++) t += q[i * d + c] * k[j * d + c];
      p[i * s + j] = t * scale;
      m = p[i * s + j] > m ? p[i * s + j] : m;
    }
    double z = 0;
    for (int j = 0; j < s; j++) { p[i * s + j] = exp(p[i * s + j] - m); z += p[i * s + j]; }
    for (int j = 0; j < s; j++) p[i * s + j] /= z;
    for (int c = 0; c < d; c++) {
      double t = 0;
      for (int j = 0; j < s; j++) t += p[i * s + j] * v[j * d + c];
      o[i * d + c] = t;
    }
  }
  double e = 0;
  for (int i = 0; i < s * d; i++) e += o[i] * o[i];
  return e;
}
static double P[S * S], DP[S * S], O[S * D], DO[S * D];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < 3 * S * D; i++) X[i] = sin(0.37 * i) * cos(0.05 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX); memset(DP, 0, sizeof DP); memset(DO, 0, sizeof DO);
  __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_dup, X + S * D, DX + S * D, enzyme_dup, X + 2 * S * D, DX + 2 * S * D,
                    enzyme_dup, P, DP, enzyme_dup, O, DO, enzyme_const, S, enzyme_const, D);
}
static double ph_primal(void) { return f(X, X + S * D, X + 2 * S * D, P, O, S, D); }
