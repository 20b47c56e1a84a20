// max / argmax without sorting: sum of the row maxima times the value at argmax of another row.
#define PH_REPS 50
#include "ph.h"
#define R 100
#define C 200
static double X[R * C], DX[R * C];
PH_ARRAY_INPUTS(X, DX, R * C)
double f(const double *x, int r, int c) {
  double s = 0;
  for (int i = 0; i < r; i++) {
    const double *row = x + i * c;
    double m = row[0]; int am = 0;
    for (int j = 1; j < c; j++) if (row[j] > m) { m = row[j]; am = j; }
    s += m * m + row[(am + 1) % c];
  }
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < R * C; i++) X[i] = sin(0.37 * i + 0.001 * i * i); }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, R, enzyme_const, C); }
static double ph_primal(void) { return f(X, R, C); }
