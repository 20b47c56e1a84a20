// C = A*B (A: MxK, B: KxN), gradient w.r.t. both A and B.  The caller seeds
// dC = W; then dA = W*B^T, dB = A^T*W, and dC is consumed (C is overwritten).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);

enum { M = 3, K = 4, N = 2 };

void matmul(const double *A, const double *B, double *C, int m, int k, int n) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int l = 0; l < k; l++) s += A[i * k + l] * B[l * n + j];
      C[i * n + j] = s;
    }
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double A[M * K], B[K * N], C[M * N], W[M * N];
  for (int i = 0; i < M * K; i++) A[i] = 0.5 + 0.25 * i - 0.1 * (i % 3);
  for (int i = 0; i < K * N; i++) B[i] = 1.0 - 0.3 * i + 0.05 * i * i;
  for (int i = 0; i < M * N; i++) W[i] = 1.0 + i;
  for (int variant = 0; variant < 2; variant++) {
    double dA[M * K] = {0}, dB[K * N] = {0}, dC[M * N];
    for (int i = 0; i < M * N; i++) dC[i] = W[i];
    if (variant == 0)
      __enzyme_autodiff((void *)matmul, enzyme_dup, A, dA, enzyme_dup, B, dB,
                        enzyme_dup, C, dC, M, K, N);
    else // pointers without a marker are duplicated too
      __enzyme_autodiff((void *)matmul, A, dA, B, dB, C, dC, M, K, N);
    for (int i = 0; i < M; i++)
      for (int l = 0; l < K; l++) {
        double want = 0.0;
        for (int j = 0; j < N; j++) want += W[i * N + j] * B[l * N + j];
        check(variant ? "dA (implicit dup)" : "dA", i * K + l, dA[i * K + l], want, 1e-13);
      }
    for (int l = 0; l < K; l++)
      for (int j = 0; j < N; j++) {
        double want = 0.0;
        for (int i = 0; i < M; i++) want += A[i * K + l] * W[i * N + j];
        check(variant ? "dB (implicit dup)" : "dB", l * N + j, dB[l * N + j], want, 1e-13);
      }
    for (int i = 0; i < M * N; i++) check("dC consumed", i, dC[i], 0.0, 0.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
