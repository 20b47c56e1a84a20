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

#define MATMUL_NAME "matmul"
#include "matmul_main.h"
