// Batched (enzyme_width 2) reverse and forward mode through dgemv and ddot:
// every lane gets the gradient (central differences), forward mode per lane.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <stdio.h>
#include <math.h>
extern int enzyme_dup, enzyme_const, enzyme_width;
typedef struct { double d[2]; } V2;
void __enzyme_autodiff(void *, ...);
V2 __enzyme_fwddiff(void *, ...);
static double f(const double *A, const double *x, int n) {
  double y[3];
  cblas_dgemv(CblasRowMajor, CblasNoTrans, n, n, 1.0, A, n, x, 1, 0.0, y, 1);
  return cblas_ddot(n, y, 1, y, 1);
}
int main(void) {
  double A[9], x[3] = {1, -2, 0.5}, dA0[9] = {0}, dA1[9] = {0}, dx0[3] = {0}, dx1[3] = {0};
  for (int k = 0; k < 9; k++) A[k] = sin(k + 1.0);
  // lane 0 seeds, lane 1 seeds: the return is seeded 1 in both lanes
  __enzyme_autodiff((void *)f, enzyme_width, 2, enzyme_dup, A, dA0, dA1, enzyme_dup, x, dx0, dx1, enzyme_const, 3);
  int bad = 0;
  for (int k = 0; k < 3; k++) {
    double h = 1e-6, s = x[k];
    x[k] = s + h; double fp = f(A, x, 3); x[k] = s - h; double fm = f(A, x, 3); x[k] = s;
    double want = (fp - fm) / (2 * h);
    if (fabs(dx0[k] - want) > 1e-6 * (1 + fabs(want)) || fabs(dx1[k] - want) > 1e-6 * (1 + fabs(want))) { printf("MISMATCH dx %d %g %g %g\n", k, dx0[k], dx1[k], want); bad = 1; }
  }
  double t0[3] = {1, 0, 0}, t1[3] = {0, 0, 1}, z0[9] = {0}, z1[9] = {0};
  V2 v = __enzyme_fwddiff((void *)f, enzyme_width, 2, enzyme_dup, A, z0, z1, enzyme_dup, x, t0, t1, enzyme_const, 3);
  if (fabs(v.d[0] - dx0[0]) > 1e-9 || fabs(v.d[1] - dx0[2]) > 1e-9) { printf("MISMATCH fwd %g %g\n", v.d[0], v.d[1]); bad = 1; }
  return bad;
}
