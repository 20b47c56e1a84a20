// Under -ffast-math, sqrt's partial 0.5/sqrt(u) is infinite at u = 0 where
// sqrt(0) = 0 is finite: the promise of no infinities covers the program's
// values, not the partial.  Its product with the adjoint is guarded (0 where
// the adjoint is 0) and built without nnan/ninf, so LLVM cannot fold the
// guard away.  A division's partial 1/y is infinite only where x/y is: the
// promise covers it, no guard (DIV).  Nor where the program divides by the
// square root in the same block (DIVIDED: there the promise covers u = 0),
// nor where its argument is known positive (POSITIVE: sqrt(1 + u*u)), nor
// for pow with a constant exponent of at least 1 (POW: 0^(y-1) is finite) or
// below 0 (NEGPOW: pow(0, -3) is infinite itself); but with 0.5 (HALF) it is.
// Gradients: e2e reverse/fastmath_singular_at_zero.c.
// RUN: %clang -O2 -ffast-math -fno-vectorize -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o - | FileCheck %s
// RUN: %clang -O2 -ffast-math -DDIV -fno-vectorize -S -emit-llvm %s -o %td.ll
// RUN: enzyme-opt %td.ll -o - | FileCheck --check-prefix=DIV %s
// CHECK-LABEL: define internal {{.*}}@diffe_f(
// CHECK: [[Z:%[^ ]+]] = fcmp oeq double [[D:%[^ ]+]], 0.000000e+00
// CHECK: [[P:%[^ ]+]] = fmul reassoc nsz arcp contract afn double %{{[^,]+}}, [[D]]
// CHECK: select i1 [[Z]], double 0.000000e+00, double [[P]]
// RUN: %clang -O2 -ffast-math -DDIVIDED -fno-vectorize -S -emit-llvm %s -o %tq.ll
// RUN: enzyme-opt %tq.ll -o - | FileCheck --check-prefix=DIV %s
// RUN: %clang -O2 -ffast-math -DPOSITIVE -fno-vectorize -S -emit-llvm %s -o %tp.ll
// RUN: enzyme-opt %tp.ll -o - | FileCheck --check-prefix=DIV %s
// RUN: %clang -O2 -ffast-math -DPOW -fno-vectorize -S -emit-llvm %s -o %tw.ll
// RUN: enzyme-opt %tw.ll -o - | FileCheck --check-prefix=DIV %s
// RUN: %clang -O2 -ffast-math -DNEGPOW -fno-vectorize -S -emit-llvm %s -o %tn.ll
// RUN: enzyme-opt %tn.ll -o - | FileCheck --check-prefix=DIV %s
// RUN: %clang -O2 -ffast-math -DHALF -fno-vectorize -S -emit-llvm %s -o %th.ll
// RUN: enzyme-opt %th.ll -o - | FileCheck --check-prefix=HALF %s
// HALF-LABEL: define internal {{.*}}@diffe_f(
// HALF: select
// DIV-LABEL: define internal {{.*}}@diffe_f(
// DIV-NOT: select
// DIV: ret
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double sqrt(double), pow(double, double);
double f(double u, double y) {
#if defined(DIV)
  return u / y;
#elif defined(DIVIDED)
  return y / sqrt(u);
#elif defined(POSITIVE)
  return sqrt(1.0 + u * u) * y;
#elif defined(POW)
  return pow(u, 1.75) * y;
#elif defined(NEGPOW)
  return pow(u, -3.0) * y;
#elif defined(HALF)
  return pow(u, 0.75) * y;
#else
  return sqrt(u) * y;
#endif
}
double g(double u, double y) { return __enzyme_autodiff((void *)f, u, enzyme_const, y); }
