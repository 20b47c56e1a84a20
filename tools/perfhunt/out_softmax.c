// Outputs through a pointer, not a return value: void softmax of each row
// of logits into out (max-shifted, exp, normalised), differentiated with
// out as enzyme_dupnoneed and its shadow seeded by the caller with fixed
// weights: the gradient is w-weighted sum of the probabilities.  Logits
// active.
#define PH_REPS 20
#include "ph.h"
#define ROWS 500
#define COLS 40
PH_VECTOR_INPUTS(ROWS * COLS)
static double OUT[ROWS * COLS], DOUT[ROWS * COLS];
void softmax_rows(const double *z, double *out, int rows, int cols) {
  for (int r = 0; r < rows; r++) {
    const double *zr = z + r * cols;
    double m = zr[0];
    for (int j = 1; j < cols; j++) m = zr[j] > m ? zr[j] : m;
    double s = 0;
    for (int j = 0; j < cols; j++) s += exp(zr[j] - m);
    double inv = 1 / s;
    for (int j = 0; j < cols; j++) out[r * cols + j] = exp(zr[j] - m) * inv;   // out only written
  }
}
static double seed(int j) { return sin(0.17 * j) + 0.2 * (j % 3); }
void __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < ROWS * COLS; i++) X[i] = 2 * sin(0.31 * i) + 0.1 * (i % 7); }
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  for (int j = 0; j < ROWS * COLS; j++) DOUT[j] = seed(j);
  __enzyme_autodiff((void *)softmax_rows, enzyme_dup, X, DX, enzyme_dupnoneed, OUT, DOUT, enzyme_const, ROWS, enzyme_const, COLS);
}
static double ph_primal(void) {
  softmax_rows(X, OUT, ROWS, COLS);
  double s = 0;
  for (int j = 0; j < ROWS * COLS; j++) s += seed(j) * OUT[j];
  return s;
}
