// A loop inside a loop whose every run pushes the same bytes (a constant
// count, every push on each iteration's way to the one exit) sets the
// tape's size after the run from its size before: its own pushes' last
// size is no longer live after it, and LLVM keeps no extra induction
// (tools/perfhunt cxx_member: 1.18x the reference's instructions before,
// 1.11x after).  A loop that pushes on some iterations only is left to
// its pushes.
// RUN: %clang -O2 -ffast-math -fno-unroll-loops -fno-vectorize -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

#include <math.h>
double __enzyme_autodiff(void *, ...);
int n;

double horner(double *c, double *t) {
  double l = 0;
  for (int i = 0; i < n; i++) {
    double p = 0;
    for (int k = 31; k >= 0; k--) p = p * t[i] + c[k];
    l += p * p;
  }
  return l;
}

double some_iterations(double *c, double *t) {
  double l = 0;
  for (int i = 0; i < n; i++) {
    double s = t[i];
    for (int k = 0; k < 32; k++)
      if (c[k] > 0) s = sin(s) * c[k];
    l += s * s;
  }
  return l;
}

void grads(double *c, double *dc, double *t) {
  __enzyme_autodiff((void *)horner, c, dc, t, t);
  __enzyme_autodiff((void *)some_iterations, c, dc, t, t);
}

// CHECK-LABEL: define internal {{.*}}@diffe_horner(
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK: [[BEFORE:%tape.size[.0-9]*]] = load i64, ptr %tape.size.ptr
// CHECK: %run.pushed = add i64 [[BEFORE]], 256
// CHECK: [[FIELD:%tape.size.ptr[.0-9]*]] = getelementptr inbounds { ptr, i64, i64 }, ptr %tape, i32 0, i32 1
// CHECK-NEXT: store i64 %run.pushed, ptr [[FIELD]]
// CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
// CHECK: {{^}}}

// CHECK-LABEL: define internal {{.*}}@diffe_some_iterations(
// CHECK: call ptr @enzyme_opt.tape.push.reserved(
// CHECK-NOT: %run.pushed
// CHECK: {{^}}}
