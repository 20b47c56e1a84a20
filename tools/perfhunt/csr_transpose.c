// A CSR transpose product y = A^T x (scattered adds into y[col[k]] through
// an int index array) into a local buffer, then sum sin(y)^2; the values
// and x active.
#define PH_CONSUME
#define PH_REPS 20
#include "ph.h"
#define NR 2000
#define NC 1500
#define PER 5
#define NNZ (NR * PER)
PH_VECTOR_INPUTS(NNZ + NR)
static int ROWPTR[NR + 1], COL[NNZ];
double csr_t(const double *val, const double *x, const int *rowptr, const int *col, int nr, int nc) {
  double *y = calloc(nc, sizeof(double));
  for (int i = 0; i < nr; i++)
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) y[col[k]] += val[k] * x[i];
  double s = 0;
  for (int j = 0; j < nc; j++) s += sin(y[j]) * sin(y[j]);
  free(y);
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i <= NR; i++) ROWPTR[i] = i * PER;
  for (int k = 0; k < NNZ; k++) COL[k] = (int)((k * 7919L + (k / PER) * 31L) % NC), X[k] = 0.5 * sin(0.37 * k);
  for (int i = 0; i < NR; i++) X[NNZ + i] = cos(0.21 * i);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)csr_t, enzyme_dup, X, DX, enzyme_dup, X + NNZ, DX + NNZ, enzyme_const, ROWPTR,
                    enzyme_const, COL, enzyme_const, NR, enzyme_const, NC);
}
static double ph_primal(void) { return csr_t(X, X + NNZ, ROWPTR, COL, NR, NC); }
