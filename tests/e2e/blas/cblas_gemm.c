// dgemm in both layouts and all four transposes, with leading dimensions
// larger than the matrices: gradients of A, B, C, alpha and beta against
// central differences, and forward mode against the gradient.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
typedef struct { double alpha, beta; } D2;
D2 __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { M = 3, N = 2, K = 4, LD = 5, SIZE = LD * LD };

static double f(const double *A, const double *B, const double *C0, double alpha, double beta,
                int layout, int ta, int tb) {
  double C[SIZE];
  for (int k = 0; k < SIZE; k++) C[k] = C0[k];
  cblas_dgemm(layout, ta, tb, M, N, K, alpha, A, LD, B, LD, beta, C, LD);
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double c = C[layout == CblasRowMajor ? i * LD + j : j * LD + i];
      s += (1 + i + 2 * j) * c * c;
    }
  return s;
}

int main(void) {
  double A[SIZE], B[SIZE], C[SIZE], a = 0.7, be = -1.3, h = 1e-6;
  for (int k = 0; k < SIZE; k++) A[k] = sin(k + 1.0), B[k] = cos(2.0 * k), C[k] = 0.1 * k - 1;
  int ok = 1;
  for (int layout = CblasRowMajor; layout <= CblasColMajor; layout++)
    for (int ta = CblasNoTrans; ta <= CblasTrans; ta++)
      for (int tb = CblasNoTrans; tb <= CblasTrans; tb++) {
        double dA[SIZE] = {0}, dB[SIZE] = {0}, dC[SIZE] = {0}, fwd = 0, want = 0;
        D2 g = __enzyme_autodiff((void *)f, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup,
                                 C, dC, enzyme_out, a, enzyme_out, be, enzyme_const, layout,
                                 enzyme_const, ta, enzyme_const, tb);
        double *xs[3] = {A, B, C}, *ds[3] = {dA, dB, dC}, t[3][SIZE];
        for (int m = 0; m < 3; m++)
          for (int k = 0; k < SIZE; k++) {
            ok &= check_close(m == 0 ? "dA" : m == 1 ? "dB" : "dC", k, ds[m][k],
                              CENTRAL_DIFFERENCE(xs[m][k], h, f(A, B, C, a, be, layout, ta, tb)));
            t[m][k] = cos(3.0 * k + m);
            want += t[m][k] * ds[m][k];
          }
        ok &= check_close("alpha", layout * 4 + ta * 2 + tb, g.alpha,
                          CENTRAL_DIFFERENCE(a, h, f(A, B, C, a, be, layout, ta, tb)));
        ok &= check_close("beta", layout * 4 + ta * 2 + tb, g.beta,
                          CENTRAL_DIFFERENCE(be, h, f(A, B, C, a, be, layout, ta, tb)));
        want += 0.5 * g.alpha - 0.25 * g.beta;
        fwd = __enzyme_fwddiff((void *)f, enzyme_dup, A, t[0], enzyme_dup, B, t[1], enzyme_dup, C,
                               t[2], enzyme_dup, a, 0.5, enzyme_dup, be, -0.25, enzyme_const,
                               layout, enzyme_const, ta, enzyme_const, tb);
        ok &= check_close("forward", layout * 4 + ta * 2 + tb, fwd, want);
      }
  return !ok;
}
