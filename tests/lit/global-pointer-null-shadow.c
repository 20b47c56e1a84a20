// A pointer field of an active global (a struct with a float beside it)
// that the derivative code sets lazily, `if (!L.p) L.p = lbuf`: the
// derivative call that sets it sets its shadow too, but each mode has its
// own shadow global, so after a reverse derivative set it the forward one
// found the pointer set and its tangent copy null, and read through null
// (segfault); likewise after a plain call.  Now the shadow is checked where
// the pointer is read: the program stops with a located message.  The
// reverse calls before it are right (6.75 = d/dx x^3 at 1.5).
// RUN: %clang -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.exe -lm
// RUN: not --crash %t.exe > %t.stdout 2> %t.stderr
// RUN: FileCheck %s < %t.stderr
// RUN: FileCheck --check-prefix=GRAD %s < %t.stdout
// RUN: %clang -O0 -g -DPLAIN_FIRST -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -o %t0.out.ll
// RUN: %clang -O0 %t0.out.ll -o %t0.exe -lm
// RUN: not --crash %t0.exe 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -g -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: %clang14 -O2 %t14.out.ll -o %t14.exe -lm
// RUN: not --crash %t14.exe 2>&1 | FileCheck %s
// RUN: %clang14 -O0 -g -S -emit-llvm %s -o %t14-0.ll
// RUN: enzyme-opt %t14-0.ll -o %t14-0.out.ll
// RUN: %clang14 -O0 %t14-0.out.ll -o %t14-0.exe -lm
// RUN: not --crash %t14-0.exe 2>&1 | FileCheck %s
// CHECK: enzyme-opt: {{.*}}global-pointer-null-shadow.c:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate a read of the pointer global '@L' holds: it was set, but its shadow was not (code outside this derivative set it: the caller, a plain call, or a derivative of the other mode); set it in the differentiated code on every call, or pass the memory as an argument in function 'lazy'
// GRAD: rev 6.75
// GRAD-NEXT: rev 6.75
// GRAD-NOT: fwd
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

struct lazy { double *p; double d; } L;
double lbuf[2];
__attribute__((noinline)) double lazy(double x) {
  if (!L.p) L.p = lbuf;           /* set by whichever call comes first */
  L.p[0] = x * x;
  return lbuf[0] * x;
}

int main(void) {
#ifdef PLAIN_FIRST
  printf("plain %g\n", lazy(1.5));
#else
  printf("rev %g\n", __enzyme_autodiff((void *)lazy, 1.5));
  printf("rev %g\n", __enzyme_autodiff((void *)lazy, 1.5));
#endif
  fflush(stdout);
  printf("fwd %g\n", __enzyme_fwddiff((void *)lazy, 1.5, 1.0));
  return 0;
}
