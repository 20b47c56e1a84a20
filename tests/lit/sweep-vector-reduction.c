// A dense layer whose dot product the vectorizer makes one
// llvm.vector.reduce.fadd per output, inside a one-block loop: the loop is
// rebuilt whole in its reverse (cache_policy `_float_step` takes float
// reductions), so the forward loop, its exp calls and its tape go (8 bytes
// per output before; the reference's benchmark pipeline, perfhunt
// sigmoid_layer vectorized: 1.04 -> 0.93 of the reference's instructions).
// A vectorized loop whose sum starts from the running sum of the loop
// around it, put into lane 0 of a zero vector (an insertelement, a move of
// lanes that no reverse rule reads the sum for: `_sums_into`), is rebuilt
// too: 56 -> 16 tape bytes per run (the 16 are the scalar remainder's);
// perfhunt gausskernel_f vectorized: 1.04 -> 0.99.
// Gradients: e2e reverse/sweep_vector_reduction.c.
// RUN: %clang -O2 -ffast-math -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// RUN: FileCheck --check-prefix=IR %s < %t.out.ll
// RUN: %clang14 -O2 -ffast-math -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// STATS-DAG: diffe_layer: {{.*}} recomputed, 0 tape bytes per run
// STATS-DAG: diffe_kernel_form: {{.*}} recomputed, 16 tape bytes per run
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
double kernel_form(const double *x, const double *a, int np) {
  double s = 0;
  for (int i = 0; i < np; i++)
    for (int j = 0; j < np; j++) {
      double d2 = 0;
      for (int c = 0; c < 3; c++) { double t = x[i * 3 + c] - x[j * 3 + c]; d2 += t * t; }
      s += a[i] * a[j] * exp(-0.5 * d2);
    }
  return s;
}
void grad_kernel(const double *x, double *dx, const double *a, int np) {
  __enzyme_autodiff((void *)kernel_form, enzyme_dup, x, dx, enzyme_const, a, np);
}
void grad(const double *w, double *dw, const double *in, const double *tg, int nb) {
  __enzyme_autodiff((void *)layer, enzyme_dup, w, dw, enzyme_const, in, enzyme_const, tg, nb);
}
