// A derivative call clears the float fields of the shadow globals it reaches,
// keeping their pointers (tests/e2e/memory/static_state_between_calls.c): an
// earlier call's derivative left there would be taken as this call's.  An
// array of elements that mix a pointer with more than 16 float fields is not
// cleared field by field: refused at the call, not left stale.
// RUN: %clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: not enzyme-opt %t0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: not enzyme-opt %t2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14.ll
// RUN: not enzyme-opt %t14.ll -o %t.out.ll 2>&1 | FileCheck %s
// CHECK: error: cannot clear the derivatives in global '@bigs_shadow' at each call: its elements mix pointers with more than 16 float fields
// CHECK: while differentiating 'kept' for the call to '__enzyme_autodiff' in 'main'
double __enzyme_autodiff(void *, ...);
struct big { double *where; double v[20]; } bigs[3];
double cells[2];

__attribute__((noinline)) double kept(double x) {
  double r = bigs[1].v[3] * x + x * x;
  bigs[1].v[3] = x;
  return r;
}

int main(void) {
  for (int k = 0; k < 3; k++) bigs[k].where = cells;
  return __enzyme_autodiff((void *)kept, 2.0) > 0 ? 0 : 1;
}
