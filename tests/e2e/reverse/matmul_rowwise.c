// C = A*B in the cache-friendly order (i, l, j) with restrict pointers, the
// way a performance-minded C programmer writes it.  The reverse of the inner
// loop sums dC[i][j] * B[l][j] over j into the adjoint of A[i][l]: a sum the
// final -O2 may split into vector lanes (with an odd N, plus a remainder).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);

enum { M = 3, K = 5, N = 7 };

void matmul_rowwise(const double *restrict A, const double *restrict B, double *restrict C,
                    int m, int k, int n) {
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++) C[i * n + j] = 0.0;
    for (int l = 0; l < k; l++) {
      double a = A[i * k + l];
      for (int j = 0; j < n; j++) C[i * n + j] += a * B[l * n + j];
    }
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
  double dA[M * K] = {0}, dB[K * N] = {0}, dC[M * N];
  for (int i = 0; i < M * K; i++) A[i] = 0.5 + 0.25 * i - 0.1 * (i % 3);
  for (int i = 0; i < K * N; i++) B[i] = 1.0 - 0.3 * i + 0.05 * i * i;
  for (int i = 0; i < M * N; i++) W[i] = dC[i] = 1.0 + 0.5 * i;
  __enzyme_autodiff((void *)matmul_rowwise, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup,
                    C, dC, M, K, N);
  for (int i = 0; i < M; i++)
    for (int l = 0; l < K; l++) {
      double want = 0.0;
      for (int j = 0; j < N; j++) want += W[i * N + j] * B[l * N + j];
      check("dA", i * K + l, dA[i * K + l], want, 1e-13);
    }
  for (int l = 0; l < K; l++)
    for (int j = 0; j < N; j++) {
      double want = 0.0;
      for (int i = 0; i < M; i++) want += A[i * K + l] * W[i * N + j];
      check("dB", l * N + j, dB[l * N + j], want, 1e-13);
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double want = 0.0;
      for (int l = 0; l < K; l++) want += A[i * K + l] * B[l * N + j];
      check("C", i * N + j, C[i * N + j], want, 1e-13);
      check("dC consumed", i * N + j, dC[i * N + j], 0.0, 0.0);
    }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
