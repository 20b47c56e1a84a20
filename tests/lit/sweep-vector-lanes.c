// Vectorized one-block loops are rebuilt whole in their reverse like scalar
// ones (cache_policy `_sweep_rebuilt`: vector arithmetic, lane moves, and a
// vector accumulator summed by llvm.vector.reduce.fadd): 0 tape bytes where
// the table interpolation taped 16 bytes per point and the exp-weighted sum
// 32.  The vectorized product keeps its tape (its accumulator is no sum).
// The adjoint of a lane extracted from the paired table reads is added into
// that lane alone (context `_add_into_lanes`): an extractelement, a scalar
// fadd and an insertelement, no vector add of a vector that is zero but in
// one lane.  Gradients: e2e reverse/sweep_vector_lanes.c.
// RUN: %clang -O2 -ffast-math -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// RUN: FileCheck --check-prefix=IR %s < %t.out.ll
// RUN: %clang14 -O2 -ffast-math -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// STATS-DAG: diffe_interp: {{.*}} recomputed, 0 tape bytes per run
// STATS-DAG: diffe_expsum: {{.*}} recomputed, 0 tape bytes per run
// STATS-DAG: diffe_product: {{.*}} recomputed, {{[1-9][0-9]*}} tape bytes per run
// IR-LABEL: define internal void @diffe_interp(
// IR-NOT: insertelement <2 x double> zeroinitializer
// IR: [[ADJ:%[^ ]+]] = load <2 x double>, ptr %v.adj
// IR-NEXT: [[LANE:%[^ ]+]] = extractelement <2 x double> [[ADJ]], i{{32|64}} [[K:[01]]]
// IR-NEXT: [[SUM:%[^ ]+]] = fadd {{.*}}double [[LANE]],
// IR-NEXT: insertelement <2 x double> [[ADJ]], double [[SUM]], i{{32|64}} [[K]]
// IR-NOT: insertelement <2 x double> zeroinitializer
// IR-LABEL: define internal void @diffe_expsum(
#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double interp(const double *tab, const double *xs, const double *t, int np) {
  double s = 0;
  for (int i = 0; i < np; i++) {
    double x = xs[i], fl = floor(x);
    int c = (int)fl;
    double fr = x - fl, y = tab[c] * (1 - fr) + tab[c + 1] * fr;
    s += (y - t[i]) * (y - t[i]);
  }
  return s;
}
double expsum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(0.3 * x[i]) * x[i] + x[i] * x[i];
  return s;
}
double product(const double *x, int n) {
  double p = 1;
  for (int i = 0; i < n; i++) p *= 0.5 + 0.1 * x[i] * x[i];
  return p;
}
void grad(const double *tab, double *dtab, const double *x, double *dx, const double *t, int n) {
  __enzyme_autodiff((void *)interp, enzyme_dup, tab, dtab, enzyme_dup, x, dx, enzyme_const, t, n);
  __enzyme_autodiff((void *)expsum, enzyme_dup, x, dx, n);
  __enzyme_autodiff((void *)product, enzyme_dup, x, dx, n);
}
