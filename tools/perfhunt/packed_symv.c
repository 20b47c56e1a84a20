// A symmetric matrix stored packed (upper triangle by rows, row i starting
// at i*n - i*(i-1)/2): y = A x reading each stored entry twice (once as
// a_ij, once as a_ji), then sum of log(1 + y_i^2).  Entries and x active.
#define PH_REPS 60
#include "ph.h"
#define N 300
#define NP (N * (N + 1) / 2)
PH_VECTOR_INPUTS(NP + N)
double packed_loss(const double *ap, const double *x, double *y, int n) {
  for (int i = 0; i < n; i++) y[i] = 0;
  for (int i = 0; i < n; i++) {
    const double *row = ap + i * n - i * (i - 1) / 2;   // row[0] is a_ii
    double s = row[0] * x[i];
    for (int j = i + 1; j < n; j++) {
      s += row[j - i] * x[j];
      y[j] += row[j - i] * x[i];
    }
    y[i] += s;
  }
  double loss = 0;
  for (int i = 0; i < n; i++) loss += log(1 + y[i] * y[i]);
  return loss;
}
static double Y[N], DY[N];
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NP; i++) X[i] = 0.01 * sin(0.7 * i);
  for (int i = 0; i < N; i++) X[NP + i] = cos(0.3 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  memset(DY, 0, sizeof DY);
  __enzyme_autodiff((void *)packed_loss, enzyme_dup, X, DX, enzyme_dup, X + NP, DX + NP, enzyme_dup, Y, DY, enzyme_const, N);
}
static double ph_primal(void) { return packed_loss(X, X + NP, Y, N); }
