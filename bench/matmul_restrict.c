// Dense C = A * B with the textbook triple loop and restrict pointers (N x
// N, row-major).  Each output is a dot product whose walk down a column of B
// strides by a row.  enzyme-opt interchanges the two inner loops of the copy
// it differentiates (transforms/interchange.py): without that, the reverse
// pass walked B and dB with the same stride (ratio 6.3).  The caller seeds
// dC = W and gets dA = W B^T and dB = A^T W.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { N = 256 };

__attribute__((noinline)) void matmul(const double *restrict A, const double *restrict B,
                                      double *restrict C, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int l = 0; l < n; l++) s += A[i * n + l] * B[l * n + j];
      C[i * n + j] = s;
    }
}

#define MATMUL_NAME "matmul_restrict"
#include "matmul_main.h"
