// A loop carrying the element it loaded in the previous iteration (C++'s
// `for (double v : x) { ...; prev = v; }`, here a pointer walk) reads it
// again in the reverse pass at the previous offset, S in the first
// iteration (ad/cache_policy.py `_previous_iteration`): nothing goes on the
// tape.  Before, each iteration taped `prev` with a checked push (1.21x the
// reference's instructions, tools/perfhunt cxx_vector).  Where the loop
// writes the element it reads next, the memory changes and `prev` stays
// taped.  The count L is computed at comes from `c - C < S` (the same test as
// `c == S` for a counter stepping by `add nsw` from a constant): LLVM turns
// `select (c == 0), c, c - 1` into a saturating subtract, five x86
// instructions where this takes a compare and a cmov.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double diffs(const double *x, const double *end) {
  double s = 0, prev = 0;
  for (const double *p = x; p != end; p++) {
    s += (*p - prev) * (*p - prev) / (1 + *p * *p);
    prev = *p;
  }
  return s;
}

double writes_next(double *x, int n) {
  double s = 0, prev = 0.25;
  for (int i = 0; i + 1 < n; i++) {
    double v = x[i];
    x[i + 1] = 0.5 * x[i + 1] + v * v;
    s += (v - prev) * v;
    prev = v;
  }
  return s;
}

void grads(double *x, double *dx, int n) {
  __enzyme_autodiff((void *)diffs, enzyme_dup, x, dx, enzyme_const, x + n);
  __enzyme_autodiff((void *)writes_next, enzyme_dup, x, dx, enzyme_const, n);
}

// CHECK-LABEL: define internal {{.*}}@diffe_diffs(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: [[FIRST:%.*]] = icmp eq i64 [[OFF:%.*]], 0
// CHECK-NEXT: [[BEFORE:%.*]] = sub i64 [[OFF]], 1
// CHECK-NEXT: [[PASSED:%.*]] = icmp slt i64 [[BEFORE]], 0
// CHECK-NEXT: [[PREV:%.*]] = select i1 [[PASSED]], i64 [[OFF]], i64 [[BEFORE]]
// CHECK-NEXT: [[AT:%.*]] = getelementptr inbounds [8 x i8], ptr {{%.*}}, i64 [[PREV]]
// CHECK-NEXT: [[LOADED:%.*]] = load double, ptr [[AT]]
// CHECK-NEXT: select i1 [[FIRST]], double 0.000000e+00, double [[LOADED]]
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_writes_next(
// CHECK: @enzyme_opt.tape.push
// CHECK: {{^}}}
