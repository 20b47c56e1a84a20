// The driver shared by the matrix-product benchmarks (matmul.c and
// matmul_rowwise.c): each defines N, `matmul(A, B, C, n)` and MATMUL_NAME,
// then includes this file.  The caller seeds dC = W, i.e. the gradient of
// sum(W .* C), and gets dA = W B^T and dB = A^T W.
#ifndef MATMUL_NAME
#error "define matmul() and MATMUL_NAME before including matmul_main.h"
#endif

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
  return bench_report(MATMUL_NAME, &tp, &tg, 2 * N * N, ok);
}
