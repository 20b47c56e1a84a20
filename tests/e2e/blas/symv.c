// dsymv (cblas in both layouts, and the Fortran dsymv_) with upper and
// lower triangles, a padded leading dimension, x read with stride 2 and y
// backwards: gradients of the stored triangle of A (diagonal included),
// x, y, alpha, beta against central differences, and forward mode
// against the gradient.  The other triangle holds garbage it must not read.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
typedef struct { double alpha, beta; } D2;
D2 __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void dsymv_(const char *, const int *, const double *, const double *, const int *,
            const double *, const int *, const double *, double *, const int *);

enum { N = 4, LD = 5, SIZE = 20 };

// form 0, 1: cblas row-/column-major; form 2: Fortran.  up: upper triangle.
static double f(const double *A, const double *x, double *y, double alpha, double beta,
                int form, int up) {
  if (form < 2) {
    cblas_dsymv(form ? CblasColMajor : CblasRowMajor, up ? CblasUpper : CblasLower, N, alpha,
                A, LD, x, 2, beta, y, -1);
  } else {
    int n = N, ld = LD, two = 2, back = -1;
    dsymv_(up ? "U" : "l", &n, &alpha, A, &ld, x, &two, &beta, y, &back);
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += (i + 1) * y[i] * y[i];
  return s;
}

static double at(const double *A, const double *x, double *y, const double *y0, double a,
                 double be, int form, int up) {
  for (int j = 0; j < SIZE; j++) y[j] = y0[j];
  return f(A, x, y, a, be, form, up);
}

int main(void) {
  double A[SIZE], x[SIZE], y0[SIZE], y[SIZE], a = 1.1, be = 0.6, h = 1e-6;
  for (int k = 0; k < SIZE; k++) A[k] = sin(k + 1.0), x[k] = cos(2.0 * k), y0[k] = 0.1 * k - 1;
  int ok = 1;
  for (int form = 0; form < 3; form++)
    for (int up = 0; up < 2; up++) {
      int id = form * 2 + up;
      double dA[SIZE] = {0}, dx[SIZE] = {0}, dy[SIZE] = {0}, t[3][SIZE], want = 0;
      for (int k = 0; k < SIZE; k++) y[k] = y0[k];
      D2 g = __enzyme_autodiff((void *)f, enzyme_dup, A, dA, enzyme_dup, x, dx, enzyme_dup, y, dy,
                               enzyme_out, a, enzyme_out, be, enzyme_const, form,
                               enzyme_const, up);
      double *xs[3] = {A, x, y0}, *ds[3] = {dA, dx, dy};
      for (int m = 0; m < 3; m++)
        for (int k = 0; k < SIZE; k++) {
          double fd = CENTRAL_DIFFERENCE(xs[m][k], h, at(A, x, y, y0, a, be, form, up));
          ok &= check_close(m == 0 ? "dA" : m == 1 ? "dx" : "dy", id * 100 + k, ds[m][k], fd);
          t[m][k] = cos(3.0 * k + m);
          want += t[m][k] * ds[m][k];
        }
      ok &= check_close("alpha", id, g.alpha,
                        CENTRAL_DIFFERENCE(a, h, at(A, x, y, y0, a, be, form, up)));
      ok &= check_close("beta", id, g.beta,
                        CENTRAL_DIFFERENCE(be, h, at(A, x, y, y0, a, be, form, up)));
      want += 0.5 * g.alpha - 0.25 * g.beta;
      for (int j = 0; j < SIZE; j++) y[j] = y0[j];
      double fwd = __enzyme_fwddiff((void *)f, enzyme_dup, A, t[0], enzyme_dup, x, t[1],
                                    enzyme_dup, y, t[2], enzyme_dup, a, 0.5, enzyme_dup, be, -0.25,
                                    enzyme_const, form, enzyme_const, up);
      ok &= check_close("forward", id, fwd, want);
    }
  return !ok;
}
