// restrict (noalias) inputs are read again in the reverse pass instead of
// being taped; without restrict the same code must still be right when the
// output overwrites the input (y == x).
//   matmul_r: C = A B with restrict A, B, C:  dA = W B^T, dB = A^T W
//   square_alias: y_i = x_i^2 called with y == x: dx_i(before) = 2 x_i dy_i
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

enum { M = 3, K = 4, N = 2 };

void matmul_r(const double *restrict A, const double *restrict B, double *restrict C) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0.0;
      for (int l = 0; l < K; l++) s += A[i * K + l] * B[l * N + j];
      C[i * N + j] = s;
    }
}

void square_alias(double *y, const double *x, int n) {
  for (int i = 0; i < n; i++) y[i] = x[i] * x[i];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double A[M * K], B[K * N], C[M * N], W[M * N], dA[M * K] = {0}, dB[K * N] = {0}, dC[M * N];
  for (int i = 0; i < M * K; i++) A[i] = 0.5 + 0.25 * i - 0.1 * (i % 3);
  for (int i = 0; i < K * N; i++) B[i] = 1.0 - 0.3 * i + 0.05 * i * i;
  for (int i = 0; i < M * N; i++) dC[i] = W[i] = 1.0 + i;
  __enzyme_autodiff((void *)matmul_r, A, dA, B, dB, C, dC);
  for (int i = 0; i < M; i++)
    for (int l = 0; l < K; l++) {
      double want = 0;
      for (int j = 0; j < N; j++) want += W[i * N + j] * B[l * N + j];
      check("dA", i * K + l, dA[i * K + l], want, 1e-14);
    }
  for (int l = 0; l < K; l++)
    for (int j = 0; j < N; j++) {
      double want = 0;
      for (int i = 0; i < M; i++) want += A[i * K + l] * W[i * N + j];
      check("dB", l * N + j, dB[l * N + j], want, 1e-14);
    }

  double x[5], x0[5], dx[5];
  for (int i = 0; i < 5; i++) x[i] = x0[i] = 0.5 + 0.3 * i, dx[i] = 1.0 + i;
  __enzyme_autodiff((void *)square_alias, x, dx, x, dx, 5);
  for (int i = 0; i < 5; i++) {
    check("in place y", i, x[i], x0[i] * x0[i], 1e-15);
    check("in place dx", i, dx[i], 2 * x0[i] * (1.0 + i), 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
