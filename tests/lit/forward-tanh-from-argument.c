// Forward mode with only the tangent wanted: tanh's value feeds nothing but
// its derivative, which then comes from its argument, 4e / (1 + e)^2 with
// e = exp(-2 |x|) (the |x| a copysign), and the
// tanh call goes.  Where the value
// is stored too (STORED), it stays and the derivative reads it: no copysign.
// A literal 0.0 seed makes its argument a constant: the tangent function of
// `f(a, 1.0, b, 0.0)` takes one tangent, and none of b's code is there.
// Gradients: e2e modes/fwd_tanh_and_zero_seeds.c.
// RUN: %clang -O2 -ffast-math -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o - | FileCheck %s
// RUN: %clang14 -O1 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o - | FileCheck %s
// RUN: %clang -O2 -DSTORED -S -emit-llvm %s -o %ts.ll
// RUN: enzyme-opt %ts.ll -o - | FileCheck --check-prefix=STORED %s
// CHECK-LABEL: define internal double @fwddiffe_f(double %{{[^,]*}}, double %{{[^,]*}}, double %{{[^,)]*}})
// CHECK-NOT: tanh
// CHECK: call {{.*}}double @llvm.copysign.f64(
// CHECK-NOT: tanh
// CHECK: ret double
// STORED-LABEL: define internal double @fwddiffe_f(
// STORED: call {{.*}}double @tanh(
// STORED-NOT: copysign
// STORED: ret double
#include <math.h>
double __enzyme_fwddiff(void *, ...);
double sink;
__attribute__((noinline)) double f(double a, double b) {
  double t = tanh(a);
#ifdef STORED
  sink = t;
#endif
  return t * 2.0 + b * b;
}
double da(double a, double b) { return __enzyme_fwddiff((void *)f, a, 1.0, b, 0.0); }
