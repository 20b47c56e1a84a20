// An `enzyme_dupnoneed` pointer into the array another argument points
// into: kernel(x, n, y) with y = x + 3 writes y[i] = 2 and then reads
// x[3].  The forward derivative dropped the primal stores through y (the
// caller needs none), so x[3] kept 0.5 and the tangent along x[0] came out
// sin(0.5) = 0.479 where it is sin(2) = 0.909: clang 14 and 19, -O0 and -O2,
// exit status 0 (fuzz48, seed 12063).  Such a pointer is now taken as
// `enzyme_dup`: its stores stay.  So too where the caller hung the pointer
// on another argument's memory and the kernel reads it through that (HELD:
// `h.p = x`, y[0] = 2 a then sin(h->p[0]): 1.755 for 0.340).  With y
// elsewhere (APART) the stores still go.
// RUN: %clang -O0 -S -emit-llvm %s -o %t.o0.ll
// RUN: enzyme-opt %t.o0.ll -o %t.o0.out.ll
// RUN: %lli %t.o0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang -O2 -S -emit-llvm %s -o %t.o2.ll
// RUN: enzyme-opt %t.o2.ll -o %t.o2.out.ll
// RUN: %lli %t.o2.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O0 -S -emit-llvm %s -o %t.c14.ll
// RUN: enzyme-opt %t.c14.ll -o %t.c14.out.ll
// RUN: %lli %t.c14.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DWRAP -S -emit-llvm %s -o %t.w14.ll
// RUN: enzyme-opt %t.w14.ll -o %t.w14.out.ll
// RUN: %lli %t.w14.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang -O0 -DHELD -S -emit-llvm %s -o %t.h0.ll
// RUN: enzyme-opt %t.h0.ll -o %t.h0.out.ll
// RUN: %lli %t.h0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DHELD -S -emit-llvm %s -o %t.h14.ll
// RUN: enzyme-opt %t.h14.ll -o %t.h14.out.ll
// RUN: %lli %t.h14.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang -O2 -DAPART -S -emit-llvm %s -o %t.a2.ll
// RUN: enzyme-opt %t.a2.ll -o %t.a2.out.ll
// RUN: FileCheck --check-prefix=APART %s < %t.a2.out.ll
// RUN: %lli %t.a2.out.ll | FileCheck --check-prefix=OK %s
// OK: tangent [[T:[-0-9.]+]] expected [[T]]{{$}}
// APART-LABEL: define internal {{.*}}@fwddiffe_kernel(
// APART-NOT: store {{.*}}2.000000e+00
// APART: {{^}}}
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) double kernel(double *x, int n, double *y) {
  for (int i = 0; i < n; i++) y[i] = 2.0;
  return sin(x[n - 1]) * x[0];
}

double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const, enzyme_dupnoneed;

__attribute__((noinline)) double tangent(double *x, double *tx, double *y, double *ty) {
  return __enzyme_fwddiff((void *)kernel, enzyme_dup, x, tx, enzyme_const, 4,
                          enzyme_dupnoneed, y, ty);
}

#ifdef HELD
typedef struct { double *p; } Holder;
__attribute__((noinline)) double held(double *y, Holder *h, double a) {
  y[0] = 2.0 * a;
  return sin(h->p[0]);
}

int main(void) {
  double x[2] = {0.5, 0.1}, tx[2] = {0, 0};
  Holder h = {x}, th = {tx};
  double t = __enzyme_fwddiff((void *)held, enzyme_dupnoneed, x, tx, enzyme_dup, &h, &th, 0.7, 1.0);
  printf("tangent %.4f expected %.4f\n", t, 2.0 * cos(1.4));
  return 0;
}
#else
int main(void) {
  double x[7] = {1.0, 0.7, 0.9, 0.5, 0.3, 0.2, 0.1}, tx[7] = {1.0};
#ifdef APART
  double y[4], ty[4];
  x[3] = 2.0;
  double t = tangent(x, tx, y, ty);
#elif defined(WRAP)
  double t = tangent(x, tx, x + 3, tx + 3);
#else
  double t = __enzyme_fwddiff((void *)kernel, enzyme_dup, x, tx, enzyme_const, 4,
                              enzyme_dupnoneed, x + 3, tx + 3);
#endif
  printf("tangent %.4f expected %.4f\n", t, sin(2.0));
  return 0;
}
#endif
