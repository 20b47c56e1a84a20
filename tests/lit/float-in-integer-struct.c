// A struct of a float and an int passed or returned by value is one i64 on
// x86-64.  At -O1 and above the float's bits are zero-extended, shifted and
// or'ed in, and ad/packed_lanes.py passes the lanes apart (e2e
// memory/float_int_struct_by_value.c); an i64 packed otherwise (OTHER: the
// other half an unknown i64) is an error at the instruction.  At -O0 the
// struct's bytes are read as one i64, and that is an error at the read, not
// a zero derivative.
// RUN: %clang -O0 -DRET -S -emit-llvm %s -o %t.r0.ll
// RUN: not enzyme-opt %t.r0.ll -o %t.r0.out.ll 2>&1 | FileCheck --check-prefix=BYTES %s
// RUN: %clang -O2 -DRET -S -emit-llvm %s -o %t.r2.ll
// RUN: enzyme-opt %t.r2.ll -o %t.r2.out.ll
// RUN: %clang -O0 -S -emit-llvm %s -o %t.a0.ll
// RUN: not enzyme-opt %t.a0.ll -o %t.a0.out.ll 2>&1 | FileCheck --check-prefix=BYTES %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t.a14.ll
// RUN: not enzyme-opt %t.a14.ll -o %t.a14.out.ll 2>&1 | FileCheck --check-prefix=BYTES %s
// RUN: %clang -O2 -DOTHER -S -emit-llvm %s -o %t.o2.ll
// RUN: not enzyme-opt %t.o2.ll -o %t.o2.out.ll 2>&1 | FileCheck --check-prefix=PACKED %s
// BYTES: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a read of i64 from memory holding a float at byte {{[04]}} beside other data, passed or returned as one integer
// PACKED: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate integer 'zext' on the bits of the active float {{.*}}: the result leaves the function
typedef struct { float v; int ok; } Result;
typedef struct { int tag; float w; } Tagged;
__attribute__((noinline)) static Result eval(float x) { Result r = {x * x, x > -100}; return r; }
__attribute__((noinline)) static double use(Tagged t) { return t.tag == 7 ? 2.0 * t.w : 0.0; }
#include <stdint.h>
#include <string.h>
__attribute__((noinline)) static double use_raw(uint64_t raw) {
  Tagged t; memcpy(&t, &raw, 8); return t.tag == 7 ? 2.0 * t.w : 0.0;
}
double f(double x, uint64_t other) {
#ifdef OTHER
  float w = (float)(x * x);
  uint32_t bits; memcpy(&bits, &w, 4);
  return use_raw(other ^ ((uint64_t)bits << 32));
#elif defined(RET)
  Result r = eval((float)x);
  return r.ok ? r.v * x : 0;
#else
  Tagged t = {7, (float)(x * x)};
  return use(t);
#endif
}
double __enzyme_autodiff(void *, ...);
extern int enzyme_const;
double df(double x) { return __enzyme_autodiff((void *)f, x, enzyme_const, (uint64_t)7); }
