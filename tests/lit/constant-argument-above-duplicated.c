// A pointer passed constant into the array a duplicated one points into,
// above it, where the function touches bytes through each that are apart:
// kernel(x, x + 2) with x duplicated over 4 doubles reads x[0], x[1] and
// through the constant y writes y[0] (x[2]) and reads y[1] (x[3]).  Those
// are bytes of x the caller holds adjoints for in its shadow: writes
// through y must clear dx[2], reads must add to dx[3].  They were let
// through as apart and came out as dx = 1.6 1 1 1 where central
// differences give 1.6 2.6 0 1.3: clang 19 -O0 and -O2, clang 14 -O2,
// exit status 0 (fuzz49, seed 12716: -0.902 for 0 with ya = x + 3).  Now an
// error at the API call.  A constant pointer below the duplicated one still
// goes through (constant-argument-overlaps-duplicated.c, APART).
// RUN: %clang -O0 -S -emit-llvm %s -o %t.o0.ll
// RUN: not enzyme-opt %t.o0.ll -o %t.o0.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t.o2.ll
// RUN: not enzyme-opt %t.o2.ll -o %t.o2.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t.c14.ll
// RUN: not enzyme-opt %t.c14.ll -o %t.c14.out.ll 2>&1 | FileCheck %s
// CHECK: .ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 2 of 'kernel' is passed constant, but it points into the object argument 1 (passed duplicated) points into, and 'kernel' writes through it at bytes that may be ones it reaches through argument 1 or the caller through its shadow
#include <stdio.h>

__attribute__((noinline)) double kernel(double *x, double *y) {
  y[0] = x[1] * x[1];
  return y[1] * x[0];
}

double __enzyme_autodiff(void *, ...);
int enzyme_dup, enzyme_const;

/* The objective: the return value plus the sum of x[0..4) after the call. */
static double objective(int i, double h) {
  double b[4] = {0.3, 0.8, 0.5, 0.6};
  b[i] += h;
  double r = kernel(b, b + 2);
  return r + b[0] + b[1] + b[2] + b[3];
}

int main(void) {
  double b[4] = {0.3, 0.8, 0.5, 0.6}, db[4] = {1, 1, 1, 1};
  __enzyme_autodiff((void *)kernel, enzyme_dup, b, db, enzyme_const, b + 2);
  for (int i = 0; i < 4; i++)
    printf("dx[%d] %g expected %g\n", i, db[i],
           (objective(i, 1e-6) - objective(i, -1e-6)) / 2e-6);
  return 0;
}
