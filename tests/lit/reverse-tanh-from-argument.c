// Reverse mode: a tanh whose value feeds only the sum would be called again
// in the reverse pass for 1 - tanh^2 (cache_policy `_called_again`); its
// derivative comes from the argument instead, 4e / (1 + e)^2 with e =
// exp(-2 |x|) (a copysign for |x|), and no tanh is
// left in the derivative.  Stored too (STORED), its value stays on the tape
// and the derivative reads it: no copysign.  expm1's is exp(x), for expm1(x) + 1.  Gradients: e2e
// reverse/tanh_from_argument.c.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o - | FileCheck %s
// RUN: %clang14 -O2 -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o - | FileCheck %s
// RUN: %clang -O2 -DSTORED -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %ts.ll
// RUN: enzyme-opt %ts.ll -o - | FileCheck --check-prefix=STORED %s
// CHECK-LABEL: define internal {{.*}}@diffe_f(
// CHECK-NOT: {{tanh|expm1}}
// CHECK: call {{.*}}double @llvm.copysign.f64(
// CHECK-NOT: {{tanh|expm1}}
// CHECK: ret
// STORED-LABEL: define internal {{.*}}@diffe_f(
// STORED: call {{.*}}double @{{(llvm\.)?}}tanh{{(\.f64)?}}(
// STORED-NOT: copysign
// STORED: ret
#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double kept[64];
double f(const double *x, double a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = tanh(a * x[i]);
#ifdef STORED
    kept[i] = t;
#endif
    s += t + expm1(0.5 * x[i]);
  }
  return s;
}
double g(const double *x, double *dx, double a, int n) {
  return __enzyme_autodiff((void *)f, enzyme_dup, x, dx, a, enzyme_const, n);
}
