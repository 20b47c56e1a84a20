// A vectorized sin whose argument the reverse pass reloads is computed
// again beside the cos its rule calls, in the reverse of its block: LLVM
// joins the two, lane by lane, into sincos calls (clang 14 and 19 both),
// where a taped vector sin cost a sin call forward and a cos call in the
// reverse, and a tape entry between (tools/perfhunt cxx_numeric, vectorized:
// 1.24x the reference's instructions before, 0.99x after).
// RUN: %clang -O2 -ffast-math -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double sines(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * sin(x[i]);
  return s;
}

void grads(double *x, double *dx, int n) {
  __enzyme_autodiff((void *)sines, enzyme_dup, x, dx, enzyme_const, n);
}

// CHECK-LABEL: define internal {{.*}}@diffe_sines(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: invert.bb
// CHECK: = tail call fast <2 x double> @llvm.sin.v2f64(<2 x double> [[X:%[a-z0-9.]+]])
// CHECK-NOT: {{^[a-z0-9.]+:}}
// CHECK: = call fast <2 x double> @llvm.cos.v2f64(<2 x double> [[X]])
// CHECK: {{^}}}
