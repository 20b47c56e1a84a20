// dgemv in both layouts and both transposes, with a padded leading
// dimension, x read with stride 2 and y with stride -1 (backwards):
// gradients of A, x, y, alpha, beta against central differences, and
// forward mode against the gradient.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
typedef struct { double alpha, beta; } D2;
D2 __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { M = 3, N = 4, LD = 5, SIZE = 24 };

static double f(const double *A, const double *x, double *y, double alpha, double beta,
                int layout, int trans) {
  cblas_dgemv(layout, trans, M, N, alpha, A, LD, x, 2, beta, y, -1);
  double s = 0;
  for (int i = 0; i < 4; i++) s += (i + 1) * y[i] * y[i];
  return s;
}

// f on a fresh copy of y0 (f overwrites y).
static double at(const double *A, const double *x, double *y, const double *y0, double a,
                 double be, int layout, int trans) {
  for (int j = 0; j < SIZE; j++) y[j] = y0[j];
  return f(A, x, y, a, be, layout, trans);
}

int main(void) {
  double A[SIZE], x[SIZE], y0[SIZE], y[SIZE], a = 1.1, be = 0.6, h = 1e-6;
  for (int k = 0; k < SIZE; k++) A[k] = sin(k + 1.0), x[k] = cos(2.0 * k), y0[k] = 0.1 * k - 1;
  int ok = 1;
  for (int layout = CblasRowMajor; layout <= CblasColMajor; layout++)
    for (int tr = CblasNoTrans; tr <= CblasTrans; tr++) {
      double dA[SIZE] = {0}, dx[SIZE] = {0}, dy[SIZE] = {0}, t[3][SIZE], want = 0;
      for (int k = 0; k < SIZE; k++) y[k] = y0[k];
      D2 g = __enzyme_autodiff((void *)f, enzyme_dup, A, dA, enzyme_dup, x, dx, enzyme_dup, y, dy,
                               enzyme_out, a, enzyme_out, be, enzyme_const, layout,
                               enzyme_const, tr);
      double *xs[3] = {A, x, y0}, *ds[3] = {dA, dx, dy};
      for (int m = 0; m < 3; m++)
        for (int k = 0; k < SIZE; k++) {
          double fd = CENTRAL_DIFFERENCE(xs[m][k], h, at(A, x, y, y0, a, be, layout, tr));
          ok &= check_close(m == 0 ? "dA" : m == 1 ? "dx" : "dy", k, ds[m][k], fd);
          t[m][k] = cos(3.0 * k + m);
          want += t[m][k] * ds[m][k];
        }
      ok &= check_close("alpha", layout * 2 + tr, g.alpha,
                        CENTRAL_DIFFERENCE(a, h, at(A, x, y, y0, a, be, layout, tr)));
      ok &= check_close("beta", layout * 2 + tr, g.beta,
                        CENTRAL_DIFFERENCE(be, h, at(A, x, y, y0, a, be, layout, tr)));
      want += 0.5 * g.alpha - 0.25 * g.beta;
      for (int j = 0; j < SIZE; j++) y[j] = y0[j];
      double fwd = __enzyme_fwddiff((void *)f, enzyme_dup, A, t[0], enzyme_dup, x, t[1],
                                    enzyme_dup, y, t[2], enzyme_dup, a, 0.5, enzyme_dup, be, -0.25,
                                    enzyme_const, layout, enzyme_const, tr);
      ok &= check_close("forward", layout * 2 + tr, fwd, want);
    }
  return !ok;
}
