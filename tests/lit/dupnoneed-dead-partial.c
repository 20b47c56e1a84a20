// The stores through an `enzyme_dupnoneed` pointer dropped in a forward
// derivative took with them the partials of pow by a (a's tangent a zero
// seed, so the partials fed only those stores).  Rebuilding the partials
// of math calls from their arguments afterwards then met the erased ones:
// `not partial.users` tested a generator, always true, so an erased
// partial was taken as used, and the tool crashed (internal error) at
// clang 19 -O2 and clang 14 -O2 (fuzz48, seed 12046).
// RUN: %clang -O2 -S -emit-llvm %s -o %t.o2.ll
// RUN: enzyme-opt %t.o2.ll -o %t.o2.out.ll
// RUN: %lli %t.o2.out.ll | FileCheck %s
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t.c14.ll
// RUN: enzyme-opt %t.c14.ll -o %t.c14.out.ll
// RUN: %lli %t.c14.out.ll | FileCheck %s
// CHECK: tangent 1.440604 expected 1.440604
#include <stdio.h>
#include <math.h>
extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
double __enzyme_fwddiff(void*, ...);
static const int rp2[4] = {0, 6, 6, 6};
static __attribute__((noinline)) double kernel(double *x, int n, double a, double b, double *ya) {
  double acc = 0.0;
  for (int i = n - 1; i >= 0; i--)
    ya[i] = fma(acos(0.5 * tanh(0.7)), log1p(fabs(b)), pow(1.5 + sin(3.0), a));
  acc += (x[n - 1] * a);
  const int *rp = rp2;
  double s = 0.25;
  for (int r = 0; r < 3; r++)
    for (int j = rp[r]; j < rp[r + 1]; j++) s = tanh(__builtin_powi(x[j], 3));
  return acc + tanh(s);
}
static const double TA = -0.0;
int main(void) {
  double x[6] = {0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, tx[6] = {1, 0, 0, 0, 0, 1}, y[6], ty[6];
  double t = __enzyme_fwddiff((void*)kernel, enzyme_dup, x, tx, enzyme_const, 6, 0.7, TA, enzyme_const, 0.3, enzyme_dupnoneed, y, ty);
  double s = tanh(1.0);
  printf("tangent %.6f expected %.6f\n", t, 0.7 + (1 - tanh(s) * tanh(s)) * (1 - s * s) * 3.0);
  return 0;
}
