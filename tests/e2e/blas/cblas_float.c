// The float forms (sgemm, sgemv, saxpy, sscal, scopy, snrm2, sdot), row-major
// with a transpose, and a helper that is not inlined (its derivative is
// split: the inputs are copied for the reverse pass).  The float gradient
// is compared with central differences of the same function in double
// (the d forms).
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#define E2E_TOLERANCE 1e-4
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
float __enzyme_autodiff(void *, ...);
float __enzyme_fwddiff(void *, ...);

enum { M = 3, N = 2, K = 4, SIZE = 12 };

__attribute__((noinline)) static void product(const float *A, const float *B, float *C, float a) {
  cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, M, N, K, a, A, M, B, N, 0.0f, C, N);
}

static float fs(const float *A, const float *B, float a) {
  float C[M * N], y[M], z[M];
  product(A, B, C, a);
  cblas_sgemv(CblasRowMajor, CblasNoTrans, M, N, 1.0f, C, N, B, 1, 0.0f, y, 1);
  cblas_scopy(M, y, 1, z, 1);
  cblas_saxpy(M, a, A, 2, z, 1);
  cblas_sscal(M, a, z, 1);
  return cblas_snrm2(M, z, 1) + cblas_sdot(M, y, 1, z, 1);
}

static double fd(const double *A, const double *B, double a) {
  double C[M * N], y[M], z[M];
  cblas_dgemm(CblasRowMajor, CblasTrans, CblasNoTrans, M, N, K, a, A, M, B, N, 0.0, C, N);
  cblas_dgemv(CblasRowMajor, CblasNoTrans, M, N, 1.0, C, N, B, 1, 0.0, y, 1);
  cblas_dcopy(M, y, 1, z, 1);
  cblas_daxpy(M, a, A, 2, z, 1);
  cblas_dscal(M, a, z, 1);
  return cblas_dnrm2(M, z, 1) + cblas_ddot(M, y, 1, z, 1);
}

int main(void) {
  float A[SIZE], B[SIZE], dA[SIZE] = {0}, dB[SIZE] = {0}, tA[SIZE], tB[SIZE], a = 0.75f;
  double Ad[SIZE], Bd[SIZE], h = 1e-6, want = 0;
  for (int k = 0; k < SIZE; k++) {
    Ad[k] = A[k] = (float)sin(k + 1.0), Bd[k] = B[k] = (float)cos(2.0 * k);
    tA[k] = (float)cos(3.0 * k), tB[k] = (float)sin(0.5 * k);
  }
  float da = __enzyme_autodiff((void *)fs, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_out, a);
  int ok = 1;
  for (int m = 0; m < 2; m++)
    for (int k = 0; k < SIZE; k++) {
      double *x = m ? Bd : Ad;
      ok &= check_close(m ? "dB" : "dA", k, m ? dB[k] : dA[k],
                        CENTRAL_DIFFERENCE(x[k], h, fd(Ad, Bd, a)));
      want += m ? tB[k] * dB[k] : tA[k] * dA[k];
    }
  double ad = a;      // a in double: a float would round a + h
  ok &= check_close("alpha", 0, da, CENTRAL_DIFFERENCE(ad, h, fd(Ad, Bd, ad)));
  want += 0.5 * da;
  float fwd = __enzyme_fwddiff((void *)fs, enzyme_dup, A, tA, enzyme_dup, B, tB, enzyme_dup, a,
                               0.5f);
  ok &= check_close("forward", 0, fwd, want);
  return !ok;
}
