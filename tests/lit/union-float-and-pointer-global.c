// A global union the differentiated code uses both as a double (state kept
// between calls, read then written) and as a pointer to a global buffer:
// its shadow would hold a derivative or the buffer's shadow in the same
// bytes, so it can be neither cleared before each call nor kept.  Refused
// (e2e memory/union_pointer_global.c has the pointer-only union, accepted).
// RUN: %clang -O0 -S -emit-llvm %s -o %t19-0.ll
// RUN: not enzyme-opt %t19-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t19-2.ll
// RUN: not enzyme-opt %t19-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: not enzyme-opt %t14-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// CHECK: error: cannot clear the derivatives in global '@u' at each call: code keeps floats and pointers in the same bytes of it
double __enzyme_autodiff(void *, ...);
union U { double d; double *p; } u;
double buf[2];
__attribute__((noinline)) double f(double x, int k) {
  if (k) { u.p = buf; u.p[0] = x * x; return buf[0] * x; }
  double r = u.d * x;
  u.d = x * x;
  return r;
}
int main(void) {
  return __enzyme_autodiff((void *)f, 1.5, 0) + __enzyme_autodiff((void *)f, 1.5, 1) > 0;
}
