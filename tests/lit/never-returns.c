// A function whose every path ends in exit() has no result to
// differentiate: an error that names it and, having no instruction of its
// own to point at, points at the API call in the user's source (it was
// "x.ll: error: function never returns in function 'diffe_g'", with no
// line and the tool's own name for the derivative).
// RUN: %clang -O0 -g -S -emit-llvm %s -o %t.0.ll
// RUN: not enzyme-opt %t.0.ll -o %t.0.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -g -S -emit-llvm %s -o %t.14.ll
// RUN: not enzyme-opt %t.14.ll -o %t.14.out.ll 2>&1 | FileCheck %s
// CHECK: never-returns.c:[[@LINE+7]]:{{[0-9]+}}: error: cannot differentiate 'give_up': it never returns
#include <stdio.h>
#include <stdlib.h>
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) double give_up(double x) { printf("%g\n", x * x); exit(1); }
int main(void) {
  double d =
      __enzyme_autodiff((void *)give_up, 1.5);
  printf("%g\n", d);
  return 0;
}
