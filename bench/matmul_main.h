// The driver shared by the matrix-product benchmarks (matmul*.c): each
// defines N, `matmul(A, B, C, n)` and MATMUL_NAME, then includes this file.
// The caller seeds dC = W, i.e. the gradient of sum(W .* C), and gets
// dA = W B^T and dB = A^T W.
#ifndef MATMUL_NAME
#error "define matmul() and MATMUL_NAME before including matmul_main.h"
#endif

static double *A, *B, *C, *dA, *dB, *dC, *W;

static double weighted_sum(void) {
  matmul(A, B, C, N);
  double s = 0.0;
  for (int i = 0; i < N * N; i++) s += W[i] * C[i];
  return s;
}

static double product(void) {
  matmul(A, B, C, N);
  return C[N + 1];
}

// The gradient reads dC (the seed) and may overwrite it: reseeded each time.
static void seed_shadows(void) {
  memset(dA, 0, N * N * sizeof *dA);
  memset(dB, 0, N * N * sizeof *dB);
  memcpy(dC, W, N * N * sizeof *dC);
}

static void gradient(void) {
  __enzyme_autodiff((void *)matmul, enzyme_dup, A, dA, enzyme_dup, B, dB, enzyme_dup, C, dC, N);
}

// The loss is linear in each entry, so the central difference is exact up
// to rounding.
static int check(void) {
  const int ja = 37 * N + 200, jb = 5 * N + 99;
  int ok = bench_check_param("d sum(W.*C)/dA[37][200]", A + ja, dA[ja], weighted_sum, 1e-3,
                             1e-7, 1e-9);
  ok &= bench_check_param("d sum(W.*C)/dB[5][99]", B + jb, dB[jb], weighted_sum, 1e-3, 1e-7,
                          1e-9);
  return ok;
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  A = bench_alloc(N * N), B = bench_alloc(N * N), C = bench_alloc(N * N);
  dA = bench_alloc(N * N), dB = bench_alloc(N * N), dC = bench_alloc(N * N);
  W = bench_alloc(N * N);
  bench_fill(A, N * N, -1.0, 1.0);
  bench_fill(B, N * N, -1.0, 1.0);
  bench_fill(W, N * N, -1.0, 1.0);
  bench_program p = {MATMUL_NAME, 2 * N * N, product, seed_shadows, gradient, check};
  return bench_main(mode, &p);
}
