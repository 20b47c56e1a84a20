// Debug info survives and stays valid: clang 19 writes #dbg_value records,
// clang 14 calls llvm.dbg.value with `metadata double %x` operands, and the
// gradient call being replaced is itself described by them.
// RUN: %clang -O2 -g -S -emit-llvm %s -o %t19.ll
// RUN: enzyme-opt %t19.ll -o %t19.out.ll
// RUN: FileCheck --check-prefix=REC %s < %t19.out.ll
// RUN: %clang -O2 %t19.out.ll -o %t19.exe -lm
// RUN: %t19.exe | FileCheck %s
// RUN: %clang14 -O0 -g -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck --check-prefix=CALL %s < %t14.out.ll
// RUN: %clang14 -O0 %t14.out.ll -o %t14.exe -lm
// RUN: %t14.exe | FileCheck %s
// RUN: %clang14 -O2 -g -S -emit-llvm %s -o %t14o.ll
// RUN: enzyme-opt %t14o.ll -o %t14o.out.ll
// RUN: %clang14 -O2 %t14o.out.ll -o %t14o.exe -lm
// RUN: %t14o.exe | FileCheck %s
// REC: #dbg_value(double %{{[0-9a-z.]+}}, ![[X:[0-9]+]],
// CALL: call void @llvm.dbg.declare(metadata double* %{{[0-9a-z.]+}},
// CHECK: d/dx x^2 sin x at 1.5 = 3.15
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double f(double x) {
  double y = x * x;
  return y * sin(x);
}

int main(void) {
  double x = 1.5;
  double d = __enzyme_autodiff((void *)f, x);
  printf("d/dx x^2 sin x at %g = %.3g\n", x, d);
  return 0;
}
