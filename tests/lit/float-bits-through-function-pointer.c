// A double's bits returned as a uint64_t through a function pointer, or by a
// function declared here and defined elsewhere, carry the derivative of the
// arguments out of the call; ad/bits_across_calls.py makes a direct callee
// with a body return the double, but here no body is known.  The same for
// bits passed through a function pointer, and for an address returned as a
// uintptr_t through one (its shadow cannot follow).  Each is an error at the call
// (clang 14 and 19, -O0 and -O2, reverse and forward mode), not a zero.
// Nearby shapes that are right go through: the bits of an inactive value,
// and an integer result used as an integer.
// RUN: %clang -O0 -DRET -S -emit-llvm %s -o %t.r0.ll
// RUN: not enzyme-opt %t.r0.ll -o %t.r0.out.ll 2>&1 | FileCheck --check-prefix=RET %s
// RUN: %clang -O2 -DRET -S -emit-llvm %s -o %t.r2.ll
// RUN: not enzyme-opt %t.r2.ll -o %t.r2.out.ll 2>&1 | FileCheck --check-prefix=RET %s
// RUN: %clang -O2 -DRET -DFWD -S -emit-llvm %s -o %t.rf.ll
// RUN: not enzyme-opt %t.rf.ll -o %t.rf.out.ll 2>&1 | FileCheck --check-prefix=RET %s
// RUN: %clang14 -O0 -DRET -S -emit-llvm %s -o %t.r14.ll
// RUN: not enzyme-opt %t.r14.ll -o %t.r14.out.ll 2>&1 | FileCheck --check-prefix=RET %s
// RUN: %clang14 -O2 -DRET -DFWD -S -emit-llvm %s -o %t.r14f.ll
// RUN: not enzyme-opt %t.r14f.ll -o %t.r14f.out.ll 2>&1 | FileCheck --check-prefix=RET %s
// RUN: %clang -O2 -DARG -S -emit-llvm %s -o %t.a2.ll
// RUN: not enzyme-opt %t.a2.ll -o %t.a2.out.ll 2>&1 | FileCheck --check-prefix=ARG %s
// RUN: %clang14 -O0 -DARG -DFWD -S -emit-llvm %s -o %t.a14.ll
// RUN: not enzyme-opt %t.a14.ll -o %t.a14.out.ll 2>&1 | FileCheck --check-prefix=ARG %s
// RUN: %clang -O2 -DDECL -S -emit-llvm %s -o %t.d2.ll
// RUN: not enzyme-opt %t.d2.ll -o %t.d2.out.ll 2>&1 | FileCheck --check-prefix=DECL %s
// RUN: %clang14 -O0 -DDECL -S -emit-llvm %s -o %t.d14.ll
// RUN: not enzyme-opt %t.d14.ll -o %t.d14.out.ll 2>&1 | FileCheck --check-prefix=DECL %s
// RUN: %clang -O2 -DADDR -S -emit-llvm %s -o %t.p2.ll
// RUN: not enzyme-opt %t.p2.ll -o %t.p2.out.ll 2>&1 | FileCheck --check-prefix=ADDR %s
// RUN: %clang14 -O0 -DADDR -DFWD -S -emit-llvm %s -o %t.p14.ll
// RUN: not enzyme-opt %t.p14.ll -o %t.p14.out.ll 2>&1 | FileCheck --check-prefix=ADDR %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ok.ll
// RUN: enzyme-opt %t.ok.ll -o %t.ok.out.ll
// RUN: %lli %t.ok.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang -O0 -DFWD -S -emit-llvm %s -o %t.okf.ll
// RUN: enzyme-opt %t.okf.ll -o %t.okf.out.ll
// RUN: %lli %t.okf.out.ll | FileCheck --check-prefix=OK %s
// RET: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the i64 returned by a call through a function pointer and read as a float
// ARG: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the active double {{.*}} passed through a function pointer as i64 bits
// DECL: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the i64 returned by 'bits_elsewhere' and read as a float
// ADDR: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a pointer made of the integer returned by a call through a function pointer, computed from a pointer with a shadow
// OK: derivative 6.75 expected 6.75
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t (*bits_fn)(double);
typedef double (*value_fn)(uint64_t);
__attribute__((noinline)) static uint64_t bits_of(double v) {
  uint64_t b;
  memcpy(&b, &v, 8);
  return b;
}
__attribute__((noinline)) static uint64_t bits_of_triple(double v) { return bits_of(3 * v); }
__attribute__((noinline)) static double value_of(uint64_t b) {
  double v;
  memcpy(&v, &b, 8);
  return v;
}
__attribute__((noinline)) static double twice(uint64_t b) { return 2 * value_of(b); }
__attribute__((noinline)) static uint64_t whole_part(double v) { return (uint64_t)v; }
typedef uintptr_t (*address_fn)(double *);
__attribute__((noinline)) static uintptr_t address_of_second(double *p) { return (uintptr_t)(p + 1); }
__attribute__((noinline)) static uintptr_t address_of(double *p) { return (uintptr_t)p; }
address_fn address_table[2] = {address_of_second, address_of};
bits_fn bits_table[2] = {bits_of, bits_of_triple};
value_fn value_table[2] = {value_of, twice};
bits_fn whole_table[1] = {whole_part};
volatile int which = 0;
uint64_t bits_elsewhere(double v);

double f(double x) {
#if defined(RET)
  uint64_t b = bits_table[which](x * x);
  double d;
  memcpy(&d, &b, 8);
  return d * x;
#elif defined(ARG)
  double y = x * x;
  uint64_t b;
  memcpy(&b, &y, 8);
  return value_table[which](b) * x;
#elif defined(ADDR)
  double v[2] = {x, x * x};
  uintptr_t a = address_table[which](v);
  return x * *(double *)a;
#elif defined(DECL)
  uint64_t b = bits_elsewhere(x * x);
  double d;
  memcpy(&d, &b, 8);
  return d * x;
#else
  // Inactive bits through a pointer, and an integer made of an active value: right as they are.
  uint64_t b = bits_table[which](2.0);
  double two;
  memcpy(&two, &b, 8);
  return x * x * x * (whole_table[0](x) != 0 ? two / 2 : 0);
#endif
}

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int main(void) {
  double x = 1.5;
#ifdef FWD
  double d = __enzyme_fwddiff((void *)f, x, 1.0);
#else
  double d = __enzyme_autodiff((void *)f, x);
#endif
  printf("derivative %g expected %g\n", d, 3 * x * x);
  return 0;
}
