// An outer loop that tapes once per iteration (the row sum) around an inner
// loop that tapes nothing: the push is on no inner cycle, so room for all of
// them is made once before the outer loop and they go unchecked
// (tools/perfhunt triangular: 1.07x the reference's instructions before,
// 1.04x after).  The inner counter's last value is not taped: the reverse
// loads count[r] again where it enters the inner loop.  Where the inner loop
// tapes too, the outer push stays checked and the inner loop reserves.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double rows(const double *x, const int *count, int n) {
  double total = 0;
  for (int r = 0; r < n; r++) {
    double dot = 0;
    for (int c = 0; c < count[r]; c++) dot += x[c] * x[(r + 3 * c) % n];
    total += dot * dot * x[r] / (3 + x[r] * x[r]);
  }
  return total;
}

double rows_exp(const double *x, const int *count, int n) {
  double total = 0;
  for (int r = 0; r < n; r++) {
    double sum = 0;
    for (int c = 0; c < count[r]; c++) sum += exp(x[c] * x[r]);
    total += sum * sum * x[r] / (3 + x[r] * x[r]);
  }
  return total;
}

void grads(double *x, double *dx, int *len, int n) {
  __enzyme_autodiff((void *)rows, enzyme_dup, x, dx, enzyme_const, len, enzyme_const, n);
  __enzyme_autodiff((void *)rows_exp, enzyme_dup, x, dx, enzyme_const, len, enzyme_const, n);
}

// CHECK-LABEL: define internal {{.*}}@diffe_rows(
// CHECK-NOT: call ptr @enzyme_opt.tape.push(
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK-NOT: call ptr @enzyme_opt.tape.push
// CHECK: call ptr @enzyme_opt.tape.push.reserved(
// CHECK-NOT: call ptr @enzyme_opt.tape.push
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_rows_exp(
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK: call ptr @enzyme_opt.tape.push(
// CHECK: call ptr @enzyme_opt.tape.push.reserved(
// CHECK-NOT: call ptr @enzyme_opt.tape.push
// CHECK: {{^}}}
