// Matrix exponentials of many 4x4 matrices: scale by 2^-4, a 10-term Taylor
// series (local term and sum arrays, a matrix product per term), then four
// squarings through a copy; the loss weights the entries.  Matrices active.
#define PH_REPS 10
#include "ph.h"
#define M 500
PH_VECTOR_INPUTS(16 * M)
static void matmul4(const double *a, const double *b, double *c) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      double t = 0;
      for (int k = 0; k < 4; k++) t += a[4 * i + k] * b[4 * k + j];
      c[4 * i + j] = t;
    }
}
double expm_loss(const double *a, int m) {
  double loss = 0;
  for (int q = 0; q < m; q++) {
    double s[16], term[16], next[16], sq[16];
    for (int i = 0; i < 16; i++) s[i] = (i % 5 == 0), term[i] = (i % 5 == 0);
    double scaled[16];
    for (int i = 0; i < 16; i++) scaled[i] = a[16 * q + i] / 16.0;
    for (int k = 1; k <= 10; k++) {
      matmul4(term, scaled, next);
      for (int i = 0; i < 16; i++) term[i] = next[i] / k, s[i] += term[i];
    }
    for (int r = 0; r < 4; r++) {
      matmul4(s, s, sq);
      memcpy(s, sq, sizeof s);
    }
    for (int i = 0; i < 16; i++) loss += (1 + 0.1 * i) * s[i];
  }
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < 16 * M; i++) X[i] = 0.3 * sin(0.77 * i) + 0.1 * cos(0.05 * i); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)expm_loss, enzyme_dup, X, DX, enzyme_const, M);
}
static double ph_primal(void) { return expm_loss(X, M); }
