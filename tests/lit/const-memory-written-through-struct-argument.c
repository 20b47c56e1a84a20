// A helper writes an active value into constant memory (c, passed
// enzyme_const) through a pointer it received inside a struct passed by
// value, and the caller reads c back.  clang -O0 spills such a struct's
// fields into a stack struct (one pointer, ONE; two, TWO, the second
// written), which the record of escaping writes did not see through: 0
// where 9 is right, both modes, exit status 0.  Also a recursive helper
// writing at the bottom of its recursion (REC).  Now refused at the call.
// A constant value written so goes through (CONST).
// RUN: %clang -O0 -DONE -S -emit-llvm %s -o %t.o0.ll
// RUN: not enzyme-opt %t.o0.ll -o %t.o0.out.ll 2>&1 | FileCheck --check-prefix=WRITES %s
// RUN: %clang14 -O0 -DONE -DFWD -S -emit-llvm %s -o %t.o14.ll
// RUN: not enzyme-opt %t.o14.ll -o %t.o14.out.ll 2>&1 | FileCheck --check-prefix=WRITES %s
// RUN: %clang -O0 -DTWO -DFWD -S -emit-llvm %s -o %t.t0.ll
// RUN: not enzyme-opt %t.t0.ll -o %t.t0.out.ll 2>&1 | FileCheck --check-prefix=WRITES %s
// RUN: %clang14 -O0 -DTWO -S -emit-llvm %s -o %t.t14.ll
// RUN: not enzyme-opt %t.t14.ll -o %t.t14.out.ll 2>&1 | FileCheck --check-prefix=WRITES %s
// RUN: %clang -O2 -DTWO -S -emit-llvm %s -o %t.t2.ll
// RUN: not enzyme-opt %t.t2.ll -o %t.t2.out.ll 2>&1 | FileCheck --check-prefix=WRITES %s
// RUN: %clang -O2 -DREC -S -emit-llvm %s -o %t.r2.ll
// RUN: not enzyme-opt %t.r2.ll -o %t.r2.out.ll 2>&1 | FileCheck --check-prefix=ERROR %s
// RUN: %clang14 -O0 -DREC -DFWD -S -emit-llvm %s -o %t.r14.ll
// RUN: not enzyme-opt %t.r14.ll -o %t.r14.out.ll 2>&1 | FileCheck --check-prefix=ERROR %s
// RUN: %clang -O0 -DONE -DCONST -S -emit-llvm %s -o %t.c0.ll
// RUN: enzyme-opt %t.c0.ll -o %t.c0.out.ll
// RUN: %lli %t.c0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O0 -DTWO -DCONST -DFWD -S -emit-llvm %s -o %t.c14.ll
// RUN: enzyme-opt %t.c14.ll -o %t.c14.out.ll
// RUN: %lli %t.c14.out.ll | FileCheck --check-prefix=OK %s
// WRITES: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate 'keep': it writes an active value into the memory of its argument {{[12]}}, which has no shadow
// ERROR: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate
// OK: derivative 3 expected 3
#include <stdio.h>

struct ctx {
  double value;
  struct ctx *other;
};
#ifdef TWO
struct wrap { struct ctx *c, *d; };
#else
struct wrap { struct ctx *d; };
#endif
__attribute__((noinline)) void keep(struct wrap w, double y) { w.d->value = y; }
__attribute__((noinline)) void keep_deep(struct ctx *c, double y, int n) {
  if (n > 0) {
    keep_deep(c, y * 1.0, n - 1);
    return;
  }
  c->value = y;
}
__attribute__((noinline)) double get(struct ctx *c) { return c->value; }

// 3 x^2 at x = 1.5 (derivative 9) where the active value is written;
// 3 * 4 + 3 x (derivative 3) where the constant is (CONST).
__attribute__((noinline)) double f(double x, struct ctx *c, int n) {
#ifdef CONST
  double y = 4.0;
#else
  double y = x * x;
#endif
#if defined(REC)
  keep_deep(c, y, n);
#elif defined(TWO)
  struct wrap w = {c->other, c};
  keep(w, y);
#else
  struct wrap w = {c};
  keep(w, y);
#endif
#ifdef CONST
  return get(c) * 3 + 3 * x;
#else
  return get(c) * 3;
#endif
}

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_const;
int main(void) {
  struct ctx other = {0, 0}, c = {0, &other};
#ifdef FWD
  double d = __enzyme_fwddiff((void *)f, 1.5, 1.0, enzyme_const, &c, 3);
#else
  double d = __enzyme_autodiff((void *)f, 1.5, enzyme_const, &c, 3);
#endif
#ifdef CONST
  printf("derivative %g expected %g\n", d, 3.0);
#else
  printf("derivative %g expected %g\n", d, 9.0);
#endif
  return 0;
}
