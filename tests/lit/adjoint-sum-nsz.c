// Adjoint sums carry `nsz` where the primal was compiled without signed
// zeros (-ffast-math's "no-signed-zeros-fp-math"="true"): LLVM reassociates
// no float sum without it, and `x * x` gives its adjoint two contributions
// that then stay two products and two adds in every reverse iteration
// (rules.py `adjoint_sum_flags`).  Without the relaxation the sums stay
// `reassoc` alone: a zero's sign is the program's to keep.  The gradients
// are checked against central differences.
// RUN: %clang -O1 -ffast-math -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck --check-prefix=FAST %s < %t.out.ll
// RUN: %clang -O1 %t.out.ll -o %t.exe -lm
// RUN: %t.exe
// RUN: %clang -O1 -fno-unroll-loops -S -emit-llvm %s -o %t.precise.ll
// RUN: enzyme-opt %t.precise.ll -o %t.precise.out.ll
// RUN: FileCheck --check-prefix=PRECISE %s < %t.precise.out.ll
// RUN: %clang -O1 %t.precise.out.ll -o %t.precise.exe -lm
// RUN: %t.precise.exe
// FAST: define internal {{.*}}@diffe_f(
// FAST: fadd reassoc nsz double
// PRECISE: define internal {{.*}}@diffe_f(
// PRECISE-NOT: nsz
// PRECISE: fadd reassoc double
// PRECISE-NOT: nsz
#include "../e2e/check.h"

extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

enum { N = 9 };

__attribute__((noinline)) double f(double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; i++) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

static double f_n(double *x) { return f(x, N); }

int main(void) {
  double x[N], dx[N] = {0};
  for (int k = 0; k < N; k++)
    x[k] = 0.5 + 0.1 * k;
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, N);
  return check_gradient("dx", x, dx, N, f_n) != 0;
}
