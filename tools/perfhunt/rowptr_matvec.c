// A matrix held as an array of row pointers (double **, rows in permuted
// order into one block), y = A v, then a saturating loss of each y_i.  The
// matrix is active: its shadow is the row pointers into the shadow block.
#define PH_REPS 20
#include "ph.h"
#define NR 300
#define NC 120
PH_VECTOR_INPUTS(NR * NC)
static double *ROWS[NR], *DROWS[NR], V[NC];
double rowptr_loss(double *const *rows, const double *v, int nr, int nc) {
  double s = 0;
  for (int i = 0; i < nr; i++) {
    const double *row = rows[i];
    double t = 0;
    for (int j = 0; j < nc; j++) t += row[j] * v[j];
    s += t * t / (1 + t * t);
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < NR * NC; i++) X[i] = 0.1 * sin(0.013 * i) + 0.05 * cos(0.7 * i);
  for (int j = 0; j < NC; j++) V[j] = cos(0.1 * j);
  for (int i = 0; i < NR; i++) ROWS[i] = X + ((i * 37) % NR) * NC, DROWS[i] = DX + ((i * 37) % NR) * NC;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)rowptr_loss, enzyme_dup, ROWS, DROWS, enzyme_const, V, enzyme_const, NR, enzyme_const, NC);
}
static double ph_primal(void) { return rowptr_loss(ROWS, V, NR, NC); }
