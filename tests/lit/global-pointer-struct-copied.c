// A struct global whose pointer field only the caller sets (constant data),
// beside a float field (so the global has a shadow), copied whole into a
// local by the differentiated function: at -O0 `struct acc local = A;` is a
// memcpy, which copies the shadow global's field, null, into the local's
// shadow, and the derivative read and added through null (segfault).  The
// copy is refused there, at its C line; the pointer read from the global
// itself (FIELD) has no shadow and is taken as constant, with the warning;
// optimized, the copy is gone and the gradient is right.  f = 10 x^2.
// RUN: %clang -O0 -g -S -emit-llvm %s -o %t0.ll
// RUN: not enzyme-opt %t0.ll -o %t0.out.ll 2>&1 | FileCheck --check-prefix=COPY %s
// RUN: test ! -e %t0.out.ll
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t14.ll
// RUN: not enzyme-opt %t14.ll -o %t14.out.ll 2>&1 | FileCheck --check-prefix=COPY14 %s
// RUN: %clang -O0 -DFIELD -S -emit-llvm %s -o %t0f.ll
// RUN: enzyme-opt %t0f.ll -o %t0f.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O0 %t0f.out.ll -o %t0f.exe
// RUN: %t0f.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang14 -O0 -DFIELD -S -emit-llvm %s -o %t14f.ll
// RUN: enzyme-opt %t14f.ll -o %t14f.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang14 -O0 %t14f.out.ll -o %t14f.exe
// RUN: %t14f.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -o %t2.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O2 %t2.out.ll -o %t2.exe
// RUN: %t2.exe | FileCheck --check-prefix=GRAD %s
// COPY: global-pointer-struct-copied.c:[[@LINE+16]]:{{[0-9]+}}: error: cannot differentiate this copy of global '@A' (defined at {{.*}}global-pointer-struct-copied.c:[[@LINE+10]]) into memory with a shadow: its pointers are set only by code outside the derivatives
// COPY: struct acc local = A;
// COPY14: error: cannot differentiate this copy of global '@A' into memory with a shadow
// WARN: warning: reading floats through the pointer held by global '@A'
// GRAD: 30 30
#include <stdio.h>
#include <stdlib.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

struct acc { double *buf; double total; int n; } A;
__attribute__((noinline)) double copy_first(double x) {
#ifdef FIELD
  double *buf = A.buf;
  int n = A.n;
#else
  struct acc local = A;
  double *buf = local.buf;
  int n = local.n;
#endif
  double s = 0;
  for (int i = 0; i < n; i++) s += buf[i] * x;
  A.total = s;
  return s * x;
}

int main(void) {
  A.n = 4;
  A.buf = malloc(4 * sizeof(double));
  for (int i = 0; i < 4; i++) A.buf[i] = i + 1;
  printf("%g %g\n", __enzyme_autodiff((void *)copy_first, 1.5),
         __enzyme_fwddiff((void *)copy_first, 1.5, 1.0));
  free(A.buf);
  return 0;
}
