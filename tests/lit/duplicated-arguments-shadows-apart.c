// Two duplicated arguments into one object, `f(x, x + 1)`, with shadows
// that are not as far apart (dx and a buffer of its own): what f reads of
// x[1] through the second pointer put its adjoint in the other buffer, and
// dx came out (5, 10) where central differences give (5, 13), exit status
// 0; in forward mode the second pointer's tangent was read from the other
// buffer.  That is what the refusal of a constant pointer stored into
// memory with derivatives advised (pass it duplicated with a zeroed
// shadow) when it points into another duplicated argument's memory.  Now
// the call checks when it runs that the shadows are as far apart as the
// pointers (dx and dx + 1 pass).  f = x0 x1 + x1^2 at (3, 5).
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.exe
// RUN: not --crash %t.exe > %t.stdout 2> %t.stderr
// RUN: FileCheck %s < %t.stderr
// RUN: FileCheck --allow-empty --check-prefix=NOGRADIENT %s < %t.stdout
// RUN: %clang14 -O0 -DFWD -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: %clang14 -O0 %t14.out.ll -o %t14.exe
// RUN: not --crash %t14.exe 2>&1 | FileCheck %s
// Through a wrapper the module calls once, its parameters are the caller's
// x and x + 1 (lead50; pointers merged from several calls are not checked:
// e2e memory/dup_buffers_swapped.c).
// RUN: %clang -O0 -DWRAPPER -S -emit-llvm %s -o %t.w.ll
// RUN: enzyme-opt %t.w.ll -o %t.w.out.ll
// RUN: %clang -O0 %t.w.out.ll -o %t.w.exe
// RUN: not --crash %t.w.exe 2>&1 | FileCheck %s
// RUN: %clang -O0 -DALIKE -S -emit-llvm %s -o %t.alike.ll
// RUN: enzyme-opt %t.alike.ll -o %t.alike.out.ll
// RUN: %clang -O0 %t.alike.out.ll -o %t.alike.exe
// RUN: %t.alike.exe | FileCheck --check-prefix=ALIKE %s
// RUN: %clang14 -O2 -DALIKE -DFWD -S -emit-llvm %s -o %t.alikef.ll
// RUN: enzyme-opt %t.alikef.ll -o %t.alikef.out.ll
// RUN: %clang14 -O2 %t.alikef.out.ll -o %t.alikef.exe
// RUN: %t.alikef.exe | FileCheck --check-prefix=ALIKEF %s

// CHECK: enzyme-opt: {{.*}}:{{[0-9]+}}:{{[0-9]+}}: error: arguments 1 and 2 of 'f' are passed duplicated and point into one object, but their shadows are not as far apart as they are: the derivatives of that object's bytes would be split between the two shadows; pass shadows at the same offsets (dx and dx + k for x and x + k), or the memory only once
// NOGRADIENT-NOT: gradient
// ALIKE: gradient 5 13
// ALIKEF: tangent 5 13
#include <stdio.h>

extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double f(double *x, const double *r) {
  return x[0] * r[0] + x[1] * x[1];
}

__attribute__((noinline)) void gradient_of_f(double *x, double *dx, double *r, double *dr) {
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, r, dr);
}

int main(void) {
  double x[2] = {3, 5}, dx[2] = {0, 0}, own[1] = {0};
#ifdef ALIKE
  double *dr = dx + 1;
#else
  double *dr = own;
#endif
#ifdef FWD
  double t0 = (dx[0] = 1, __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, enzyme_dup, x + 1, dr));
  dx[0] = 0, dx[1] = 1;
  double t1 = __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, enzyme_dup, x + 1, dr);
  printf("tangent %g %g\n", t0, t1);
#elif defined(WRAPPER)
  gradient_of_f(x, dx, x + 1, dr);
  printf("gradient %g %g\n", dx[0], dx[1]);
#else
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, x + 1, dr);
  printf("gradient %g %g\n", dx[0], dx[1]);
#endif
  return 0;
}
