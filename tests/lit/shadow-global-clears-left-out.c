// Each derivative call clears the shadow globals a derivative could take an
// earlier call's leftovers from (tests/e2e/memory/static_state_between_calls.c,
// shadow_global_clears_across_derivatives.c).  A table every derivative only
// reads, and scratch memory every derivative only writes, leave nothing
// another call takes: clearing them would cost their size at every call.
// The state read before it is written keeps its clearing, in both modes.
// RUN: %clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -o - | FileCheck %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -o - | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o - | FileCheck %s
// CHECK-LABEL: define {{.*}}@main(
// CHECK-NOT: {{(table|scratch)_(shadow|tangent)}}
// CHECK-DAG: @state_shadow
// CHECK-DAG: @state_tangent
// CHECK-NOT: {{(table|scratch)_(shadow|tangent)}}
// CHECK: {{^}}}
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double table[1000], scratch[1000], state;

__attribute__((noinline)) double f(double x, int i) {
  scratch[i] = x * table[i];
  double r = state * x + x * table[i];
  state = x;
  return r;
}

int main(void) {
  double s = 0;
  for (int i = 0; i < 1000; i++) table[i] = i;
  for (int i = 0; i < 1000; i++)
    s += __enzyme_autodiff((void *)f, 1.5, i) + __enzyme_fwddiff((void *)f, 1.5, 1.0, i);
  return s > 0 ? 0 : 1;
}
