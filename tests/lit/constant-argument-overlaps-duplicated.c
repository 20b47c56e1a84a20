// A pointer passed constant into the array a duplicated argument points
// into, at another offset (`kernel(x, x + k)`), where the bytes the
// function touches through the two may overlap.  Reads through the
// constant one see the duplicated memory and carry no derivative, and
// writes through it overwrite that memory unseen.  y[i] = 0.5 y[i] + x[i]^2
// with x constant and y = x + 1 duplicated: the derivative of y's sum by
// y[0] came out 0.5 where central differences give 2.04; x[i] = 1 then
// y[0] y[1] (WRITES): 1 where they give 0.  Both modes, -O0 and -O2,
// clang 14 and 19, exit status 0 (fuzz48).  Now an error at the API call,
// also where the two pointers arrive through the caller's parameters
// (WRAP), and where the function hands its own slot of the constant
// pointer to a helper that reads through it (SLOT, `second(&x)`: at -O0 the
// parameter's stack slot, which is never loaded).  Known, apart bytes go
// through (APART: x[0], x[1] and y[0] with y = x + 2).
// RUN: %clang -O0 -S -emit-llvm %s -o %t.o0.ll
// RUN: not enzyme-opt %t.o0.ll -o %t.o0.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang -O2 -DFWD -S -emit-llvm %s -o %t.f2.ll
// RUN: not enzyme-opt %t.f2.ll -o %t.f2.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t.r14.ll
// RUN: not enzyme-opt %t.r14.ll -o %t.r14.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang14 -O1 -DFWD -S -emit-llvm %s -o %t.f14.ll
// RUN: not enzyme-opt %t.f14.ll -o %t.f14.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang -O2 -DWRAP -S -emit-llvm %s -o %t.w2.ll
// RUN: not enzyme-opt %t.w2.ll -o %t.w2.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang14 -O0 -DWRAP -DFWD -S -emit-llvm %s -o %t.w14.ll
// RUN: not enzyme-opt %t.w14.ll -o %t.w14.out.ll 2>&1 | FileCheck --check-prefix=READS %s
// RUN: %clang -O2 -DWRITES -S -emit-llvm %s -o %t.s2.ll
// RUN: not enzyme-opt %t.s2.ll -o %t.s2.out.ll 2>&1 | FileCheck --check-prefix=WRITES %s
// RUN: %clang14 -O0 -DWRITES -DFWD -S -emit-llvm %s -o %t.s14.ll
// RUN: not enzyme-opt %t.s14.ll -o %t.s14.out.ll 2>&1 | FileCheck --check-prefix=WRITES %s
// RUN: %clang -O0 -DSLOT -S -emit-llvm %s -o %t.p0.ll
// RUN: not enzyme-opt %t.p0.ll -o %t.p0.out.ll 2>&1 | FileCheck --check-prefix=SLOT %s
// RUN: %clang14 -O0 -DSLOT -DFWD -S -emit-llvm %s -o %t.p14.ll
// RUN: not enzyme-opt %t.p14.ll -o %t.p14.out.ll 2>&1 | FileCheck --check-prefix=SLOT %s
// RUN: %clang -O2 -DSLOT -S -emit-llvm %s -o %t.p2.ll
// RUN: not enzyme-opt %t.p2.ll -o %t.p2.out.ll 2>&1 | FileCheck --check-prefix=SLOT %s
// RUN: %clang -O0 -DAPART -S -emit-llvm %s -o %t.a0.ll
// RUN: enzyme-opt %t.a0.ll -o %t.a0.out.ll
// RUN: %lli %t.a0.out.ll | FileCheck --check-prefix=OK %s
// RUN: %clang14 -O2 -DAPART -DFWD -S -emit-llvm %s -o %t.a14.ll
// RUN: enzyme-opt %t.a14.ll -o %t.a14.out.ll
// RUN: %lli %t.a14.out.ll | FileCheck --check-prefix=OK %s
// READS: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'kernel' is passed constant, but it points into the object argument 2 (passed duplicated) points into, and 'kernel' reads floats through it at bytes that may be ones it reaches through argument 2
// WRITES: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'kernel' is passed constant, but it points into the object argument 2 (passed duplicated) points into, and 'kernel' writes through it
// SLOT: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: argument 1 of 'kernel' is passed constant, but it points into the object argument 2 (passed duplicated) points into, and 'kernel' {{passes its address on|hands that memory to a call}} through it
// OK: derivative [[D:[-0-9.]+]] expected [[D]]{{$}}
#include <math.h>
#include <stdio.h>

#define N 4
#ifdef APART
#define K 2
__attribute__((noinline)) void kernel(double *x, double *y, int n) {
  y[0] = x[0] * x[1] + y[0] * y[0];
}
#elif defined(WRITES)
#define K 1
__attribute__((noinline)) void kernel(double *x, double *y, int n) {
  for (int i = 0; i < n; i++) x[i] = 1.0;
  y[0] = y[0] * y[1];
}
#elif defined(SLOT)
#define K 1
__attribute__((noinline)) double second(double **p) { return (*p)[1]; }
__attribute__((noinline)) void kernel(double *x, double *y, int n) {
  y[0] = y[0] * second(&x);
}
#else
#define K 1
__attribute__((noinline)) void kernel(double *x, double *y, int n) {
  for (int i = 0; i < n; i++) y[i] = y[i] * 0.5 + x[i] * x[i];
}
#endif

void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;

__attribute__((noinline)) void grad(double *x, double *y, double *dy) {
#ifdef FWD
  __enzyme_fwddiff((void *)kernel, enzyme_const, x, enzyme_dup, y, dy, enzyme_const, N);
#else
  __enzyme_autodiff((void *)kernel, enzyme_const, x, enzyme_dup, y, dy, enzyme_const, N);
#endif
}

/* The objective: the sum of y after the call, as a function of b[K]. */
static double objective(double h) {
  double b[6] = {0.3, 0.8, 0.5, 0.7, 0.2, 0.9}, s = 0;
  b[K] += h;
  kernel(b, b + K, N);
  for (int i = K; i < N + K; i++) s += b[i];
  return s;
}

int main(void) {
  double b[6] = {0.3, 0.8, 0.5, 0.7, 0.2, 0.9}, db[6] = {0};
  double d = 0, fd = (objective(1e-6) - objective(-1e-6)) / 2e-6;
#ifdef FWD
  db[K] = 1.0;  /* the tangent of b[K]; the derivative is the sum of y's tangents */
#else
  for (int i = K; i < N + K; i++) db[i] = 1.0;  /* the adjoints of y after */
#endif
#ifdef WRAP
  grad(b, b + K, db + K);
#elif defined(FWD)
  __enzyme_fwddiff((void *)kernel, enzyme_const, b, enzyme_dup, b + K, db + K, enzyme_const, N);
#else
  __enzyme_autodiff((void *)kernel, enzyme_const, b, enzyme_dup, b + K, db + K, enzyme_const, N);
#endif
#ifdef FWD
  for (int i = K; i < N + K; i++) d += db[i];
#else
  d = db[K];
#endif
  printf("derivative %.4f expected %.4f\n", d, fd);
  return 0;
}
