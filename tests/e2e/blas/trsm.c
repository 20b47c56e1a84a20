// dtrsm (cblas in both layouts, and the Fortran dtrsm_): every side,
// triangle, transpose and diagonal (unit: A's diagonal is not read), with
// padded leading dimensions: gradients of A (its other triangle and a unit
// diagonal get none), B and alpha against central differences, and forward
// mode against the gradient.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const double *, const double *, const int *, double *, const int *);

enum { M = 3, N = 2, LD = 4, SIZE = 16 };

// o: the options, one bit each: column-major, right side, upper, transposed, unit
// diagonal, Fortran (then column-major).
static double f(const double *A, double *B, double alpha, int o) {
  int col = o & 1, right = o & 2, up = o & 4, tr = o & 8, unit = o & 16;
  if (o & 32) {
    int m = M, n = N, ld = LD;
    dtrsm_(right ? "R" : "l", up ? "u" : "L", tr ? "t" : "N", unit ? "U" : "n", &m, &n, &alpha,
           A, &ld, B, &ld);
  } else {
    cblas_dtrsm(col ? CblasColMajor : CblasRowMajor, right ? CblasRight : CblasLeft,
                up ? CblasUpper : CblasLower, tr ? CblasTrans : CblasNoTrans,
                unit ? CblasUnit : CblasNonUnit, M, N, alpha, A, LD, B, LD);
  }
  double s = 0;
  for (int i = 0; i < SIZE; i++) s += (i % 3 + 1) * B[i] * B[i];
  return s;
}

static double at(const double *A, double *B, const double *B0, double a, int o) {
  for (int j = 0; j < SIZE; j++) B[j] = B0[j];
  return f(A, B, a, o);
}

int main(void) {
  double A[SIZE], B0[SIZE], B[SIZE], a = 0.8, h = 1e-6;
  for (int k = 0; k < SIZE; k++) A[k] = k % 5 == 0 ? 2 + 0.1 * k : 0.3 * sin(k), B0[k] = cos(k);
  int ok = 1;
  for (int o = 0; o < 64; o++) {
    if ((o & 32) && (o & 1)) continue;          // Fortran is column-major only
    double dA[SIZE] = {0}, dB[SIZE] = {0}, t[2][SIZE], want = 0;
    for (int k = 0; k < SIZE; k++) B[k] = B0[k];
    double g = __enzyme_autodiff((void *)f, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_out, a,
                                 enzyme_const, o);
    double *xs[2] = {A, B0}, *ds[2] = {dA, dB};
    for (int m = 0; m < 2; m++)
      for (int k = 0; k < SIZE; k++) {
        double fd = CENTRAL_DIFFERENCE(xs[m][k], h, at(A, B, B0, a, o));
        ok &= check_close(m ? "dB" : "dA", o * 100 + k, ds[m][k], fd);
        t[m][k] = cos(3.0 * k + m);
        want += t[m][k] * ds[m][k];
      }
    ok &= check_close("alpha", o, g, CENTRAL_DIFFERENCE(a, h, at(A, B, B0, a, o)));
    want += 0.5 * g;
    for (int j = 0; j < SIZE; j++) B[j] = B0[j];
    double fwd = __enzyme_fwddiff((void *)f, enzyme_dup, A, t[0], enzyme_dup, B, t[1],
                                  enzyme_dup, a, 0.5, enzyme_const, o);
    ok &= check_close("forward", o, fwd, want);
  }
  return !ok;
}
