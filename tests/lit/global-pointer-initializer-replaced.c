// A global struct whose initializer points its pointer field at a global
// (`S = {arr, 0}`), and whose pointer main may replace (`S.p = in`).  The
// shadow global's field holds the initializer's shadow (arr's), whatever
// main stored: before, reads through S.p added their adjoints into arr's
// shadow, and f, which also writes and reads arr, got 5 for 3, exit 0.
// Now such a pointer has no shadow: a read through it is refused where it
// may still point at a global carrying derivatives (ACTIVE), and taken as
// constant with a warning where the initializer's target is constant data
// (the gradient right both before and after main replaces it).
// RUN: %clang -O0 -g -DACTIVE -S -emit-llvm %s -o %t0a.ll
// RUN: not enzyme-opt %t0a.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=ACTIVE %s
// RUN: %clang -O2 -DACTIVE -S -emit-llvm %s -o %t2a.ll
// RUN: not enzyme-opt %t2a.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=ACTIVE %s
// RUN: %clang14 -O2 -DACTIVE -S -emit-llvm %s -o %t14a.ll
// RUN: not enzyme-opt %t14a.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=ACTIVE %s
// RUN: %clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -o %t0.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O0 %t0.out.ll -o %t0.exe
// RUN: %t0.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -o %t2.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -O2 %t2.out.ll -o %t2.exe
// RUN: %t2.exe | FileCheck --check-prefix=GRAD %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang14 -O2 %t14.out.ll -o %t14.exe
// RUN: %t14.exe | FileCheck --check-prefix=GRAD %s
// ACTIVE: error: cannot differentiate a load through the pointer held by global '@S', which has no shadow: it may point to global '@arr'
// WARN: warning: reading floats through the pointer held by global '@S'
// GRAD: 15 2 3
// GRAD-NEXT: 36 5 6
#include <stdio.h>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
double arr[3] = {1, 2, 3};
struct S { double *p; double t; } S = {arr, 0};
#ifdef ACTIVE
__attribute__((noinline)) double f(double *x) {     /* arr carries derivatives */
  arr[0] = x[0];
  S.t = S.p[0] * x[1] + arr[0] * x[2];
  return S.t;
}
#else
__attribute__((noinline)) double f(double *x) {     /* arr is constant data */
  S.t = 0;
  for (int i = 0; i < 3; i++) S.t += x[i] * S.p[i];
  return S.t * x[0];
}
#endif
int main(int argc, char **argv) {
  double x[3] = {1, 2, 3}, dx[3] = {0}, in[3] = {4, 5, 6};
  (void)argv;
  if (argc > 5) S.p = in;                  /* not taken: S.p is still arr */
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
  printf("%g %g %g\n", dx[0], dx[1], dx[2]);
  S.p = in;
  dx[0] = dx[1] = dx[2] = 0;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
  printf("%g %g %g\n", dx[0], dx[1], dx[2]);
  return 0;
}
