// Dense C = A * B in the cache-friendly row order (i, l, j) with restrict
// pointers (N x N, row-major): the inner loop adds A[i][l] times row l of B
// to row i of C.  The caller seeds dC = W, i.e. the gradient of sum(W .* C),
// and gets dA = W B^T and dB = A^T W.  The reverse of the inner loop sums
// dC[i][j] * B[l][j] over j into the adjoint of A[i][l].
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { N = 256 };

__attribute__((noinline)) void matmul(const double *restrict A, const double *restrict B,
                                      double *restrict C, int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) C[i * n + j] = 0.0;
    for (int l = 0; l < n; l++) {
      double a = A[i * n + l];
      for (int j = 0; j < n; j++) C[i * n + j] += a * B[l * n + j];
    }
  }
}

#define MATMUL_NAME "matmul_rowwise"
#include "matmul_main.h"
