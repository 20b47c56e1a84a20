// A double's bits returned inside a struct of integers through a function
// pointer -- an __int128 ({ i64, i64 }), or the long of a { double, long } --
// and read back as a double lost the derivative of the call's arguments: the
// gradient and tangent of that path were 0 with exit status 0 (clang 14 and
// 19, -O0..-O3).  Each is now an error at the call, as for a plain uint64_t
// (float-bits-through-function-pointer.c).  A nearby right shape still goes
// through: an __int128 result used as an integer.
// RUN: %clang -O0 -DWIDE -S -emit-llvm %s -o %t.w0.ll
// RUN: not enzyme-opt %t.w0.ll -o %t.w0.out.ll 2>&1 | FileCheck --check-prefix=WIDE %s
// RUN: %clang -O2 -DWIDE -S -emit-llvm %s -o %t.w2.ll
// RUN: not enzyme-opt %t.w2.ll -o %t.w2.out.ll 2>&1 | FileCheck --check-prefix=WIDE %s
// RUN: %clang14 -O1 -DWIDE -DFWD -S -emit-llvm %s -o %t.w14.ll
// RUN: not enzyme-opt %t.w14.ll -o %t.w14.out.ll 2>&1 | FileCheck --check-prefix=WIDE %s
// RUN: %clang -O2 -DPAIR -DFWD -S -emit-llvm %s -o %t.p2.ll
// RUN: not enzyme-opt %t.p2.ll -o %t.p2.out.ll 2>&1 | FileCheck --check-prefix=PAIR %s
// RUN: %clang14 -O0 -DPAIR -S -emit-llvm %s -o %t.p14.ll
// RUN: not enzyme-opt %t.p14.ll -o %t.p14.out.ll 2>&1 | FileCheck --check-prefix=PAIR %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ok.ll
// RUN: enzyme-opt %t.ok.ll -o %t.ok.out.ll
// RUN: %lli %t.ok.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O0 -DFWD -S -emit-llvm %s -o %t.okf.ll
// RUN: enzyme-opt %t.okf.ll -o %t.okf.out.ll
// RUN: %lli %t.okf.out.ll | FileCheck --check-prefix=OK %s
// WIDE: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the { i64, i64 } returned by a call through a function pointer and read as a float
// PAIR: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the { double, i64 } returned by a call through a function pointer and read as a float
// OK: derivative 6.75 expected 6.75
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef unsigned __int128 wide;
typedef struct { double value; long bits; } pair;
__attribute__((noinline)) static wide wide_bits(double v) {
  wide w = 0;
  memcpy(&w, &v, 8);
  return w;
}
__attribute__((noinline)) static pair pair_bits(double v) {
  pair p = {v, 0};
  memcpy(&p.bits, &v, 8);
  return p;
}
__attribute__((noinline)) static wide count(double v) { return (wide)(v > 1.0) + 1; }
wide (*wide_table[2])(double) = {wide_bits, count};
pair (*pair_table[1])(double) = {pair_bits};
volatile int which = 0;

double f(double x) {
#if defined(WIDE)
  union { wide w; double d; } bits = {wide_table[which](x * x)};
  return x * bits.d;
#elif defined(PAIR)
  pair p = pair_table[which](x * x);
  double d;
  memcpy(&d, &p.bits, 8);
  return d * x + p.value;
#else
  // An __int128 result used as an integer: right as it is (count is 2 here).
  wide w = wide_table[which + 1](x * x);
  return x * x * x * (double)(unsigned)(w & 0xff) / 2;
#endif
}

extern double __enzyme_autodiff(void *, double);
extern double __enzyme_fwddiff(void *, double, double);
int main(void) {
#ifdef FWD
  double slope = __enzyme_fwddiff((void *)f, 1.5, 1.0);
#else
  double slope = __enzyme_autodiff((void *)f, 1.5);
#endif
  printf("derivative %g expected %g\n", slope, 3 * 1.5 * 1.5);
  return 0;
}
