// A sum of math calls whose values the forward sweep needs for nothing
// else: the reverse pass makes each call again beside its rule instead of
// taping it, and the forward loop, left with nothing to do, goes (0 tape
// bytes; 24 before).  Stored as well (STORED), exp's value is live in the
// forward sweep and stays on the tape.  A one-block loop whose calls read
// other calls' results (chained: erf of a log, Black-Scholes' shape) is
// rebuilt whole in its reverse (0 tape bytes; 32 before).  Gradients: e2e
// reverse/math_called_again.c.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck %s
// RUN: %clang14 -O2 -ffast-math -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll --stats 2>&1 | FileCheck %s
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-unroll-loops -DSTORED -S -emit-llvm %s -o %ts.ll
// RUN: enzyme-opt %ts.ll -o %ts.out.ll --stats 2>&1 | FileCheck --check-prefix=STORED %s
// CHECK-DAG: diffe_f: {{.*}} recomputed, 0 tape bytes per run
// CHECK-DAG: diffe_chained: {{.*}} recomputed, 0 tape bytes per run
// STORED: diffe_f.noalias: {{.*}} recomputed, 8 tape bytes per run
#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double f(const double *x, double *out, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double e = exp(x[i]);
#ifdef STORED
    out[i] = e;
#endif
    s += e * sin(x[i]) + exp2(0.5 * x[i]) * log(2.0 + x[i]);
  }
  return s;
}
double chained(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double d = log(1.5 + x[i] * x[i]) / sqrt(1.0 + x[i] * x[i]);
    s += x[i] * erf(d) - exp(-0.7 * x[i]) * erf(d - 0.2);
  }
  return s;
}
void grad(const double *x, double *dx, double *out, double *dout, int n) {
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, out, dout, enzyme_const, n);
  __enzyme_autodiff((void *)chained, enzyme_dup, x, dx, enzyme_const, n);
}
