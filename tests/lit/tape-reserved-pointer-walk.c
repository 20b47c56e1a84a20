// A pointer walk that tapes per iteration (the running product and the exp
// of each element, both read by the product's adjoint) and
// leaves by comparing pointers: the room for its pushes is made once before
// the loop from end - start in bytes (analysis/loops.py
// `_pointer_walk_bound`), and the pushes inside take it unchecked.  A `!=`
// test leaves only on meeting end, so the room is asked for only when
// end - start is a multiple of the step (24 bytes for the struct walk);
// else (and for an end before the start, a huge unsigned span) the reserve
// asks for more than memory holds and aborts, where the walk would run on
// past its object.  A `<` test leaves once past end: max(end - start, 0).
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

typedef struct { double a, b, c; } triple;
double walk_struct(const triple *x, const triple *end) {
  double s = 0;
  for (const triple *p = x; p != end; p++) s = s * exp(p->a) + log(p->b);
  return s;
}

double walk_lt(const double *x, const double *end) {
  double s = 0;
  for (const double *p = x; p < end; p++) s = s * exp(*p) + log(*p);
  return s;
}

void grads(triple *t, triple *dt, double *x, double *dx, int n) {
  __enzyme_autodiff((void *)walk_struct, enzyme_dup, t, dt, enzyme_const, t + n);
  __enzyme_autodiff((void *)walk_lt, enzyme_dup, x, dx, enzyme_const, x + n);
}

// CHECK-LABEL: define internal {{.*}}@diffe_walk_struct(
// CHECK: [[START:%.*]] = ptrtoint ptr %arg to i64
// CHECK-NEXT: [[END:%.*]] = ptrtoint ptr %arg.1 to i64
// CHECK-NEXT: [[SPAN:%.*]] = sub i64 [[END]], [[START]]
// CHECK: [[REST:%.*]] = urem i64 [[SPAN]], 24
// CHECK-NEXT: [[MISSED:%.*]] = icmp ne i64 [[REST]], 0
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK-NOT: @enzyme_opt.tape.push(
// CHECK: @enzyme_opt.tape.push.reserved(ptr %tape, i64 16)
// CHECK-NOT: @enzyme_opt.tape.push(
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_walk_lt(
// CHECK: [[AHEAD:%.*]] = icmp ugt i64 {{%.*}}, {{%.*}}
// CHECK-NOT: urem
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK-NOT: @enzyme_opt.tape.push(
// CHECK: @enzyme_opt.tape.push.reserved(ptr %tape, i64 16)
// CHECK-NOT: @enzyme_opt.tape.push(
// CHECK: {{^}}}
