// A loop that walks a pointer (`for (q = x; q != x + n; q++)`: clang's header
// phi of pointers) gets an integer element offset, from which the reverse
// pass computes the address, reloads *q and tells the first iteration, as in
// an indexed loop: nothing goes on the tape.  Before, each iteration taped
// its pointer's shadow, the loaded value, a square root and the edge taken
// (32 bytes; 1.5x the reference's instructions, tools/perfhunt ptr_loop).
// clang 19 steps the pointer by `gep i8, %q, 8`: the offset counts [8 x i8]
// units by 1, as an indexed loop's counter does, so that LLVM folds the
// reverse pass's first-iteration test into the counter's decrement (before,
// a byte offset stepped back by 8 needed a compare of its own: cxx_numeric).
// The backward walk steps by -1: its offset's add is nsw only.  The two
// walks of an inner product step together and share one counter (before,
// each had its own, and the reverse pass stepped back and tested both).
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double walk(const double *x, int n) {
  double s = 0;
  for (const double *q = x; q != x + n; q++) s += *q / (1 + *q * *q) + sqrt(2 + *q);
  return s;
}

double back(const double *x, int n) {
  double s = 0;
  for (const double *q = x + n - 1; q >= x; q--) s = 0.5 * s + *q * *q;
  return s;
}

double dot(const double *x, const double *w, const double *end) {
  double s = 0;
  for (; x != end; x++, w++) s += *x * *w;
  return s;
}

void grads(double *x, double *dx, const double *w, int n) {
  __enzyme_autodiff((void *)walk, enzyme_dup, x, dx, enzyme_const, n);
  __enzyme_autodiff((void *)back, enzyme_dup, x, dx, enzyme_const, n);
  __enzyme_autodiff((void *)dot, enzyme_dup, x, dx, enzyme_const, w, enzyme_const, x + n);
}

// CHECK-LABEL: define internal {{.*}}@diffe_walk(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{%.*}}.off = phi i64 [ 0, {{%.*}} ], [ {{%.*}}.off.next, {{%.*}} ]
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: getelementptr inbounds [8 x i8], ptr {{%.*}}, i64 {{%.*}}.off
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{%.*}}.off.next = add nuw nsw i64 {{%.*}}.off, 1
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_back(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{%.*}}.off.next = add nsw i64 {{%.*}}.off, -1
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_dot(
// CHECK: .off{{(\.[0-9]+)?}} = phi i64
// CHECK-NOT: .off{{(\.[0-9]+)?}} = phi
// CHECK: {{^}}}
