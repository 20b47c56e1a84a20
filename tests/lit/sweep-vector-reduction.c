// A dense layer whose dot product the vectorizer makes one
// llvm.vector.reduce.fadd per output, inside a one-block loop: the loop is
// rebuilt whole in its reverse (cache_policy `_float_step` takes float
// reductions), so the forward loop, its exp calls and its tape go (8 bytes
// per output before; the reference's benchmark pipeline, perfhunt
// sigmoid_layer vectorized: 1.04 -> 0.93 of the reference's instructions).
// Gradients: e2e reverse/sweep_vector_reduction.c.
// RUN: %clang -O2 -ffast-math -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// RUN: FileCheck --check-prefix=IR %s < %t.out.ll
// RUN: %clang14 -O2 -ffast-math -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// STATS: diffe_layer: {{.*}} recomputed, 0 tape bytes per run
// IR-LABEL: define internal void @diffe_layer(
// IR: %v.re.{{[0-9]+}} = {{(tail )?}}call fast double @llvm.vector.reduce.fadd.v16f64(
// IR: %v.re.{{[0-9]+}} = {{(tail )?}}call fast double @llvm.exp.f64(
#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double layer(const double *w, const double *in, const double *tg, int nb) {
  double s = 0;
  for (int b = 0; b < nb; b++)
    for (int o = 0; o < 16; o++) {
      double z = w[256 + o];
      for (int i = 0; i < 16; i++) z += w[o * 16 + i] * in[b * 16 + i];
      double y = 1 / (1 + exp(-z)), e = y - tg[b * 16 + o];
      s += e * e;
    }
  return s;
}
void grad(const double *w, double *dw, const double *in, const double *tg, int nb) {
  __enzyme_autodiff((void *)layer, enzyme_dup, w, dw, enzyme_const, in, enzyme_const, tg, nb);
}
