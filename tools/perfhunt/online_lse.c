// Online log-sum-exp per row (one pass: a running max, the sum rescaled by
// exp(m_old - m_new) whenever the max grows), minus a target logit: the
// streaming softmax denominator of attention kernels.  Logits active.
#define PH_REPS 20
#include "ph.h"
#define R 400
#define C 64
PH_VECTOR_INPUTS(R * C)
static int label[R];
double lse_loss(const double *z, const int *y, int rows, int cols) {
  double loss = 0;
  for (int r = 0; r < rows; r++) {
    const double *row = z + r * cols;
    double m = row[0], s = 1.0;
    for (int j = 1; j < cols; j++) {
      double v = row[j];
      if (v > m) {
        s = s * exp(m - v) + 1.0;
        m = v;
      } else {
        s += exp(v - m);
      }
    }
    loss += m + log(s) - row[y[r]];
  }
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < R * C; i++) X[i] = 2.0 * sin(0.37 * i) + 0.5 * cos(0.011 * i * i);
  for (int r = 0; r < R; r++) label[r] = (r * 7) % C;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)lse_loss, enzyme_dup, X, DX, enzyme_const, label, enzyme_const, R, enzyme_const, C);
}
static double ph_primal(void) { return lse_loss(X, label, R, C); }
