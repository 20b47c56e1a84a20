// Clenshaw per point (tools/perfhunt clenshaw): the inner loop's reserve,
// made where the outer iteration's guard `nc > 1` decides whether it runs,
// covers that iteration's own entries too, so no push in the function
// checks the capacity; the inner counter (tested `k > 2` after clang's
// shift) ends at min(start, 2): the reverse sets it there instead of
// taping it per run, and the forward pass sets the tape's size after each
// run from the count, min'ed the same way; where the way that skips the
// loop joins, the size is left as it is there.  On main: a checked push at
// the latch and per run the counter's saved slot.
// RUN: %clang -O2 -ffast-math -fno-unroll-loops -fno-vectorize -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

double __enzyme_autodiff(void *, ...);

double cheb(const double *c, double t0, int np, int nc) {
  double s = 0;
  for (int p = 0; p < np; p++) {
    double t = t0 + 0.01 * p;
    double b1 = 0, b2 = 0;
    for (int k = nc - 1; k > 0; --k) {
      double next = c[k] - b2 + 2 * t * b1;
      b2 = b1, b1 = next;
    }
    double v = t * b1 - b2 + c[0];
    s += v * v * (1 + 0.1 * t);
  }
  return s;
}

void grad(double *c, double *dc, int np, int nc) {
  __enzyme_autodiff((void *)cheb, c, dc, 0.5, np, nc);
}

// CHECK-LABEL: define internal {{.*}}@diffe_cheb(
// CHECK-NOT: call ptr @enzyme_opt.tape.push(
// CHECK: %run.entered = select i1 [[GUARD:%[0-9]+]], i64 %run.bytes, i64 0
// CHECK-NEXT: %run.with.iteration = add i64 %run.entered, 16
// CHECK-NEXT: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.with.iteration)
// CHECK: br i1 [[GUARD]],
// CHECK-NOT: call ptr @enzyme_opt.tape.push(
// CHECK: %run.beyond = icmp slt i64 [[START:%[0-9]+]], 2
// CHECK-NEXT: %run.leaving = select i1 %run.beyond, i64 [[START]], i64 2
// CHECK-NEXT: %run.back = sub i64 [[START]], %run.leaving
// CHECK-NEXT: %run.count = add i64 %run.back, 1
// CHECK: %run.settled = phi i1 [ true, %[[EXITING:[0-9]+]] ], [ false, %{{[0-9]+}} ]
// CHECK-NEXT: %run.size = phi i64 [ %run.pushed, %[[EXITING]] ], [ 0, %{{[0-9]+}} ]
// CHECK: %run.size.here = select i1 %run.settled, i64 %run.size, i64 %tape.size
// CHECK-NOT: call ptr @enzyme_opt.tape.push(
// CHECK: invert.bb{{[.0-9]*}}:
// CHECK: %v.beyond = icmp slt i64 %v.bound, 2
// CHECK-NEXT: %v.leaving = select i1 %v.beyond, i64 %v.bound, i64 2
// CHECK-NEXT: store i64 %v.leaving, ptr %v.slot
// CHECK: {{^}}}
