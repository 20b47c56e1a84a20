// The whole pipeline on a small program: clang -> enzyme-opt -> clang -> run.
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.exe -lm
// RUN: %t.exe | FileCheck %s
// CHECK: square(3) = 9, d/dx = 6
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double square(double x) { return x * x; }

int main(void) {
  double x = 3.0;
  printf("square(%g) = %g, d/dx = %g\n", x, square(x),
         __enzyme_autodiff((void *)square, x));
  return 0;
}
