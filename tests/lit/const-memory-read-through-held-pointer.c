// An active value written into an enzyme_const context and read back
// through a pointer the context holds to its own memory (`c->parr =
// c->arr`, set by the caller): the write and the read name the memory
// apart (c->arr[i], c->parr[i]), so the read back went unseen and the
// gradient was 0 with exit status 0 (SELF at -O2, SELFW and COPY at every
// level, both modes, clang 14 and 19; found by the gradient fuzzer, seed
// 11040 at -O2: the stores inlined from one helper, the reads from
// another).  The same with the write in a helper (CALLEE, seed 10996 at
// -O1..-O3: the caller reads after the call).  A float read through a
// pointer the written object holds (or a write through one and a read of
// the object) is now a read back.  The context's constants read through
// its own pointer go through (OK).
// RUN: %clang -O2 -DSELF -S -emit-llvm %s -o %t.s2.ll
// RUN: not enzyme-opt %t.s2.ll -o %t.s2.out.ll 2>&1 | FileCheck --check-prefix=STORE %s
// RUN: %clang14 -O2 -DSELF -DFWD -S -emit-llvm %s -o %t.s14.ll
// RUN: not enzyme-opt %t.s14.ll -o %t.s14.out.ll 2>&1 | FileCheck --check-prefix=STORE %s
// RUN: %clang -O0 -DSELFW -DFWD -S -emit-llvm %s -o %t.w0.ll
// RUN: not enzyme-opt %t.w0.ll -o %t.w0.out.ll 2>&1 | FileCheck --check-prefix=STORE %s
// RUN: %clang14 -O2 -DSELFW -S -emit-llvm %s -o %t.w14.ll
// RUN: not enzyme-opt %t.w14.ll -o %t.w14.out.ll 2>&1 | FileCheck --check-prefix=STORE %s
// RUN: %clang -O2 -DCOPY -DFWD -S -emit-llvm %s -o %t.c2.ll
// RUN: not enzyme-opt %t.c2.ll -o %t.c2.out.ll 2>&1 | FileCheck --check-prefix=COPY %s
// RUN: %clang14 -O0 -DCOPY -S -emit-llvm %s -o %t.c14.ll
// RUN: not enzyme-opt %t.c14.ll -o %t.c14.out.ll 2>&1 | FileCheck --check-prefix=COPY %s
// RUN: %clang -O2 -DCALLEE -S -emit-llvm %s -o %t.e2.ll
// RUN: not enzyme-opt %t.e2.ll -o %t.e2.out.ll 2>&1 | FileCheck --check-prefix=CALLEE %s
// RUN: %clang14 -O0 -DCALLEE -DFWD -S -emit-llvm %s -o %t.e14.ll
// RUN: not enzyme-opt %t.e14.ll -o %t.e14.out.ll 2>&1 | FileCheck --check-prefix=CALLEE %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t.o2.ll
// RUN: enzyme-opt %t.o2.ll -o %t.o2.out.ll
// RUN: %lli %t.o2.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O0 -DFWD -S -emit-llvm %s -o %t.o14.ll
// RUN: enzyme-opt %t.o14.ll -o %t.o14.out.ll
// RUN: %lli %t.o14.out.ll | FileCheck --check-prefix=OK %s
// STORE: error: cannot differentiate a store of an active value into memory without a shadow
// CALLEE: error: cannot differentiate 'fill': it writes an active value into the memory of its argument 1
// COPY: error: cannot differentiate a copy of memory that carries derivatives into memory without a shadow
// OK: dx[1] = 1
#include <stdio.h>
#include <string.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double scale; double arr[4]; double *parr; } Ctx;

__attribute__((noinline)) static void fill(Ctx *c, const double *x) {
  for (int i = 0; i < 4; i++) c->arr[i] = x[i] * x[i];
}

__attribute__((noinline)) static double f(const double *x, Ctx *c) {
#if defined(SELF)
  for (int i = 0; i < 4; i++) c->arr[i] = x[i] * x[i];
  double s = 0;
  for (int i = 0; i < 4; i++) s += c->parr[i] * c->scale;
  return s;
#elif defined(SELFW)
  for (int i = 0; i < 4; i++) c->parr[i] = x[i] * x[i];
  double s = 0;
  for (int i = 0; i < 4; i++) s += c->arr[i];
  return s;
#elif defined(CALLEE)
  fill(c, x);
  return c->parr[1] * c->parr[2];
#elif defined(COPY)
  memcpy(c->arr, x, sizeof c->arr);
  return c->parr[1] * c->parr[2];
#else /* the context's constants, read through its own pointer */
  double s = 0;
  for (int i = 0; i < 4; i++) s += c->parr[i] * x[i] * x[i] + c->scale;
  return s;
#endif
}

int main(void) {
  double x[4] = {1.0, 2.0, 3.0, 4.0}, dx[4] = {0, 0, 0, 0};
  Ctx c = {2.0, {0.5, 0.25, 1.5, 0.75}, 0};
  c.parr = c.arr;
#ifdef FWD
  double t[4] = {0, 1, 0, 0};
  dx[1] = __enzyme_fwddiff((void *)f, enzyme_dup, x, t, enzyme_const, &c);
#else
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &c);
#endif
  printf("dx[1] = %g\n", dx[1]);
  return 0;
}
