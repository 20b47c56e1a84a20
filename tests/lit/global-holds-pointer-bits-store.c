// A pointer kept as its integer in a global (`uintptr_t where = (uintptr_t)
// buf`), an active value stored through `(double *)where`: the memory has no
// shadow reached that way, and the derivative was dropped (2.25 for 6.75,
// exit 0) at clang-19 -O1..-O3 (an integer phi before the inttoptr) and
// clang-14 -O0..-O3 (the load made a pointer load and ptrtoint by our
// preparation); clang-19 -O0 was refused already.  Refused like the same
// pointer kept as a pointer.  A global union of a double and an int64
// flipping the sign bit (floats only) stays accepted.
// RUN: %clang -O0 -S -emit-llvm %s -o %t19-0.ll
// RUN: not enzyme-opt %t19-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t19-2.ll
// RUN: not enzyme-opt %t19-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14-0.ll
// RUN: not enzyme-opt %t14-0.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14-2.ll
// RUN: not enzyme-opt %t14-2.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -O0 -DACCEPTED -S -emit-llvm %s -o %t19-ok.ll
// RUN: enzyme-opt %t19-ok.ll -o %t.ok.ll
// RUN: %clang14 -O2 -DACCEPTED -S -emit-llvm %s -o %t14-ok.ll
// RUN: enzyme-opt %t14-ok.ll -o %t.ok14.ll
// CHECK: error: cannot differentiate a store of an active value through the pointer held by global '@where'
#include <stdint.h>
double __enzyme_autodiff(void *, ...);
#ifdef ACCEPTED
union B { double d; int64_t i; } gb;
__attribute__((noinline)) double f(double x) {
  gb.d = x * x;
  gb.i ^= INT64_MIN;
  return gb.d * x;
}
#else
double buf[2];
uintptr_t where = 0;
__attribute__((noinline)) double f(double x) {
  if (!where) where = (uintptr_t)buf;
  ((double *)where)[1] = x * x;
  return buf[1] * x;
}
#endif
int main(void) { return __enzyme_autodiff((void *)f, 1.5) > 0; }
