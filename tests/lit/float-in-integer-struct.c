// A struct of a float and an int passed or returned by value is one i64 on
// x86-64: the float's bits zero-extended, shifted and or'ed in (-O1 and
// above), or the struct's bytes read as one i64 (-O0).  The derivative
// cannot follow that integer yet: it is an error at the instruction, at
// every level and with clang 14's typed pointers, not a zero derivative.
// RUN: %clang -O0 -DRET -S -emit-llvm %s -o %t.r0.ll
// RUN: not enzyme-opt %t.r0.ll -o %t.r0.out.ll 2>&1 | FileCheck --check-prefix=BYTES %s
// RUN: %clang -O2 -DRET -S -emit-llvm %s -o %t.r2.ll
// RUN: not enzyme-opt %t.r2.ll -o %t.r2.out.ll 2>&1 | FileCheck --check-prefix=PACKED %s
// RUN: %clang -O0 -S -emit-llvm %s -o %t.a0.ll
// RUN: not enzyme-opt %t.a0.ll -o %t.a0.out.ll 2>&1 | FileCheck --check-prefix=BYTES %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t.a2.ll
// RUN: not enzyme-opt %t.a2.ll -o %t.a2.out.ll 2>&1 | FileCheck --check-prefix=PACKED %s
// RUN: %clang14 -O1 -S -emit-llvm %s -o %t.a14.ll
// RUN: not enzyme-opt %t.a14.ll -o %t.a14.out.ll 2>&1 | FileCheck --check-prefix=PACKED %s
// BYTES: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a read of i64 from memory holding a float at byte {{[04]}} beside other data, passed or returned as one integer
// PACKED: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate integer 'zext' on the bits of the active float {{.*}}: the result leaves the function
typedef struct { float v; int ok; } Result;
typedef struct { int tag; float w; } Tagged;
__attribute__((noinline)) static Result eval(float x) { Result r = {x * x, x > -100}; return r; }
__attribute__((noinline)) static double use(Tagged t) { return t.tag == 7 ? 2.0 * t.w : 0.0; }
double f(double x) {
#ifdef RET
  Result r = eval((float)x);
  return r.ok ? r.v * x : 0;
#else
  Tagged t = {7, (float)(x * x)};
  return use(t);
#endif
}
double __enzyme_autodiff(void *, ...);
double df(double x) { return __enzyme_autodiff((void *)f, x); }
