// Cosine similarity of a query against rows of a table: a.b / (|a| |b|),
// two norms and a quotient per row, summed; query and table active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define R 200
#define D 64
PH_VECTOR_INPUTS(D + R * D)
double cos_sum(const double *q, const double *t, int r, int d) {
  double s = 0, qq = 0;
  for (int j = 0; j < d; j++) qq += q[j] * q[j];
  for (int i = 0; i < r; i++) {
    double dot = 0, tt = 0;
    for (int j = 0; j < d; j++) dot += q[j] * t[i * d + j], tt += t[i * d + j] * t[i * d + j];
    s += dot / (sqrt(qq) * sqrt(tt));
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < D + R * D; i++) X[i] = sin(0.31 * i) + 0.2; }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)cos_sum, enzyme_dup, X, DX, enzyme_dup, X + D, DX + D, enzyme_const, R, enzyme_const, D);
}
static double ph_primal(void) { return cos_sum(X, X + D, R, D); }
