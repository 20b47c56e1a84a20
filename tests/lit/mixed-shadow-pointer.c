// A pointer chosen between an enzyme_const argument (no shadow) and a local
// array holding active values: refused, located at the C line (the error
// used to carry no location at all), in both modes and both dialects.
// RUN: %clang -O0 -g -S -emit-llvm %s -o %t19.ll
// RUN: not enzyme-opt %t19.ll -o %t19.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -g -S -emit-llvm %s -o %t14.ll
// RUN: not enzyme-opt %t14.ll -o %t14.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O0 -g -S -emit-llvm -DFORWARD %s -o %tf.ll
// RUN: not enzyme-opt %tf.ll -o %tf.out.ll 2>&1 | FileCheck %s
// CHECK: mixed-shadow-pointer.c:20:21: error: cannot differentiate: the pointer argument 1 has no shadow but meets memory that carries derivatives here (constant and active memory mixed); pass it with enzyme_dup and a shadow in function 'kernel'
// CHECK-NEXT: const double *q = a > 0.5 ? x : loc;
#include <stdio.h>

extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double kernel(const double *x, double a) {
  double loc[2] = {a, 2 * a};
  const double *q = a > 0.5 ? x : loc;
  return q[0] * q[1];
}

int main(void) {
  double x[2] = {1.0, 2.0};
#ifdef FORWARD
  printf("%g\n", __enzyme_fwddiff((void *)kernel, enzyme_const, x, 0.3, 1.0));
#else
  printf("%g\n", __enzyme_autodiff((void *)kernel, enzyme_const, x, 0.3));
#endif
  return 0;
}
