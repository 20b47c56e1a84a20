// An inner loop's counter whose last value comes from the arguments
// (`j != 2n + 3`) is set where the reverse pass enters the loop instead of
// being taped per run (instrument.py `_set_on_exit`).  That block's reverse
// also runs when the forward pass came another way, so the bound is built
// again from the arguments alone, without the forward pass's nsw flags: no
// poison where the forward pass computed nothing (cache_policy.py
// `rebuild_from_arguments`).  The gradient is checked against central
// differences.
// RUN: %clang -O1 -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O1 %t.out.ll -o %t.exe -lm
// RUN: %t.exe
// CHECK:      [[CONV:%[a-z0-9.]+]].bound = sext i32 %n to i64
// CHECK-NEXT: [[MUL:%[a-z0-9.]+]].bound = shl i64 [[CONV]].bound, 1
// CHECK-NEXT: [[LAST:%[a-z0-9.]+]].bound = add i64 [[MUL]].bound, 2
// CHECK-NEXT: store i64 [[LAST]].bound, ptr %j{{[0-9.]*}}.slot
#include "../e2e/check.h"

extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

enum { M = 3, N = 2, LEN = (M - 1) * N + 2 * N + 3 };

__attribute__((noinline)) double f(double *x, int m, int n) {
  double s = 0;
  for (int i = 0; i < m; i++)
    for (long j = 0; j != 2 * (long)n + 3; j++)
      s = s * 0.5 + x[i * n + j] * x[i * n + j];
  return s;
}

static double f_mn(double *x) { return f(x, M, N); }

int main(void) {
  double x[LEN], dx[LEN] = {0};
  for (int k = 0; k < LEN; k++)
    x[k] = 0.3 + 0.1 * k;
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, M, enzyme_const, N);
  return check_gradient("dx", x, dx, LEN, f_mn) != 0;
}
