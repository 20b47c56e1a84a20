// Under -ffast-math, sqrt's partial 0.5/sqrt(u) is infinite at u = 0 where
// sqrt(0) = 0 is finite: the promise of no infinities covers the program's
// values, not the partial.  Its product with the adjoint is guarded (0 where
// the adjoint is 0) and built without nnan/ninf, so LLVM cannot fold the
// guard away.  A division's partial 1/y is infinite only where x/y is: the
// promise covers it, no guard (DIV).  Gradients: e2e
// reverse/fastmath_singular_at_zero.c.
// RUN: %clang -O2 -ffast-math -fno-vectorize -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o - | FileCheck %s
// RUN: %clang -O2 -ffast-math -DDIV -fno-vectorize -S -emit-llvm %s -o %td.ll
// RUN: enzyme-opt %td.ll -o - | FileCheck --check-prefix=DIV %s
// CHECK-LABEL: define internal {{.*}}@diffe_f(
// CHECK: [[Z:%[^ ]+]] = fcmp oeq double [[D:%[^ ]+]], 0.000000e+00
// CHECK: [[P:%[^ ]+]] = fmul reassoc nsz arcp contract afn double %{{[^,]+}}, [[D]]
// CHECK: select i1 [[Z]], double 0.000000e+00, double [[P]]
// DIV-LABEL: define internal {{.*}}@diffe_f(
// DIV-NOT: select
// DIV: ret
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double sqrt(double);
double f(double u, double y) {
#ifdef DIV
  return u / y;
#else
  return sqrt(u) * y;
#endif
}
double g(double u, double y) { return __enzyme_autodiff((void *)f, u, enzyme_const, y); }
