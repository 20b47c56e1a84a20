// The row-order product of matmul_rowwise.c without restrict: C may
// overlap A or B, so every store to a row of C may change what the inner
// loop loaded.  enzyme-opt versions the gradient on aliasing
// (ad/versioning.py): separate arrays, as here, take the gradient that
// reads A and B again instead of keeping each loaded value.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { N = 256 };

__attribute__((noinline)) void matmul(const double *A, const double *B, double *C, int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) C[i * n + j] = 0.0;
    for (int l = 0; l < n; l++) {
      double a = A[i * n + l];
      for (int j = 0; j < n; j++) C[i * n + j] += a * B[l * n + j];
    }
  }
}

#define MATMUL_NAME "matmul_rowwise_alias"
#include "matmul_main.h"
