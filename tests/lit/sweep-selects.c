// A one-block loop whose body compares floats and selects between them (a
// leaky ReLU squared, fmax, fabs) and only sums is rebuilt whole in its
// reverse, and its forward loop goes (0 tape bytes; 16 before).  So is one
// summing through fmuladd, as clang contracts `s += exp(c) * x` without
// -ffast-math (clamped: 0 tape bytes; 24 before).  The selected value
// stored as well (STORED) keeps its tape.  Gradients, and the shapes that
// must keep their forward loop: e2e reverse/sweep_selects.c.
// RUN: %clang -O2 -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll --stats 2>&1 | FileCheck %s
// RUN: %clang -O2 -fno-vectorize -fno-unroll-loops -DSTORED -S -emit-llvm %s -o %ts.ll
// RUN: enzyme-opt %ts.ll -o %ts.out.ll --stats 2>&1 | FileCheck --check-prefix=STORED %s
// CHECK-DAG: diffe_relu: {{.*}} recomputed, 0 tape bytes per run
// CHECK-DAG: diffe_clamped: {{.*}} recomputed, 0 tape bytes per run
// STORED: diffe_relu.noalias: {{.*}} recomputed, {{[1-9][0-9]*}} tape bytes per run
#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double relu(const double *x, double *out, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double z = 1.5 * x[i] - 0.2, h = z > 0 ? z : 0.01 * z;
#ifdef STORED
    out[i] = h;
#endif
    s += h * h + fmax(x[i], 0.1) + 0.1 * fabs(x[i] + 0.5);
  }
  return s;
}
double clamped(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(fmin(fmax(x[i], -1.0), 1.0)) * x[i];
  return s;
}
void grad(const double *x, double *dx, double *out, double *dout, int n) {
  __enzyme_autodiff((void *)relu, enzyme_dup, x, dx, enzyme_dup, out, dout, enzyme_const, n);
  __enzyme_autodiff((void *)clamped, enzyme_dup, x, dx, enzyme_const, n);
}
