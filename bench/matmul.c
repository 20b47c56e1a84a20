// Dense C = A * B with the textbook triple loop (N x N, row-major).  The
// caller seeds dC = W, i.e. the gradient of sum(W .* C), and gets
// dA = W B^T and dB = A^T W.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { N = 256 };

__attribute__((noinline)) void matmul(const double *A, const double *B, double *C, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int l = 0; l < n; l++) s += A[i * n + l] * B[l * n + j];
      C[i * n + j] = s;
    }
}

static double weighted_sum(const double *A, const double *B, double *C, const double *W) {
  matmul(A, B, C, N);
  double s = 0.0;
  for (int i = 0; i < N * N; i++) s += W[i] * C[i];
  return s;
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  double *A = bench_alloc(N * N), *B = bench_alloc(N * N), *C = bench_alloc(N * N);
  double *dA = bench_alloc(N * N), *dB = bench_alloc(N * N), *dC = bench_alloc(N * N);
  double *W = bench_alloc(N * N);
  bench_fill(A, N * N, -1.0, 1.0);
  bench_fill(B, N * N, -1.0, 1.0);
  bench_fill(W, N * N, -1.0, 1.0);

  if (mode == BENCH_PRIMAL) {
    matmul(A, B, C, N);
    bench_sink += C[0];
    return 0;
  }
  if (mode == BENCH_GRADIENT) {
    memcpy(dC, W, N * N * sizeof *dC);
    __enzyme_autodiff((void *)matmul, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, C, dC, N);
    bench_sink += dA[0];
    return 0;
  }

  bench_timer tp = {0}, tg = {0};
  while (bench_more(&tp)) {
    double t0 = bench_now();
    matmul(A, B, C, N);
    bench_record(&tp, bench_now() - t0);
    bench_sink += C[N + 1];
  }
  while (bench_more(&tg)) {
    memset(dA, 0, N * N * sizeof *dA);
    memset(dB, 0, N * N * sizeof *dB);
    memcpy(dC, W, N * N * sizeof *dC);
    double t0 = bench_now();
    __enzyme_autodiff((void *)matmul, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, C, dC, N);
    bench_record(&tg, bench_now() - t0);
  }

  // The loss is linear in each entry, so the central difference is exact up
  // to rounding.
  int ok = 1;
  const int ja = 37 * N + 200, jb = 5 * N + 99;
  double v = A[ja], h = 1e-3;
  A[ja] = v + h;
  double fp = weighted_sum(A, B, C, W);
  A[ja] = v - h;
  double fm = weighted_sum(A, B, C, W);
  A[ja] = v;
  ok &= bench_check("d sum(W.*C)/dA[37][200]", dA[ja], fp, fm, h, 1e-7, 1e-9);
  v = B[jb];
  B[jb] = v + h;
  fp = weighted_sum(A, B, C, W);
  B[jb] = v - h;
  fm = weighted_sum(A, B, C, W);
  B[jb] = v;
  ok &= bench_check("d sum(W.*C)/dB[5][99]", dB[jb], fp, fm, h, 1e-7, 1e-9);
  return bench_report("matmul", &tp, &tg, 2 * N * N, ok);
}
