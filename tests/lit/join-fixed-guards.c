// A join whose way in the vectorizer's guards fix before the outer loop (is
// there a vector body, is there a remainder) gets its predecessor index
// from those guards, recomputed in the reverse pass (analysis/join_paths,
// reverse.py path_pred_index), and the remainder's start (0 or the vector
// trip count) from that index (cache_policy `_joined`): 1 tape byte per row
// (an i1 entry takes one byte) where the old code taped 32 (two indices and
// the start).  A row length that changes per row keeps its tape.
// Gradients: e2e reverse/join_fixed_guards.c.
// RUN: %clang -O2 -ffast-math -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// RUN: FileCheck --check-prefix=IR %s < %t.out.ll
// RUN: %clang14 -O2 -ffast-math -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck --check-prefix=IR %s < %t14.out.ll
// STATS-DAG: diffe_pinball: {{.*}} recomputed, 1 tape bytes per run
// STATS-DAG: diffe_ragged: {{.*}} recomputed, 48 tape bytes per run
// IR-LABEL: define internal {{.*}}@diffe_pinball(
// IR: %pred.index{{[.0-9]*}} = select i1 %way{{[.0-9]*}}, i8
// IR: %pred.index{{[.0-9]*}}.re = select i1 %way{{[.0-9]*}}.re, i8
// IR-LABEL: define internal {{.*}}@diffe_ragged(
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double pinball(const double *w, const double *a, const double *y, int ns, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double p = 0;
    for (int j = 0; j < d; j++) p += w[j] * a[i * d + j];
    double r = y[i] - p;
    s += r >= 0 ? 0.7 * r : -0.3 * r;
  }
  return s;
}
double ragged(const double *w, const double *a, int ns, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double p = 0;
    for (int j = 0; j < 1 + (d + i) % d; j++) p += w[j] * a[i * d + j];
    s += p * p;
  }
  return s;
}
void grad(const double *w, double *dw, const double *a, const double *y, int ns, int d) {
  __enzyme_autodiff((void *)pinball, enzyme_dup, w, dw, enzyme_const, a, enzyme_const, y, ns, d);
  __enzyme_autodiff((void *)ragged, enzyme_dup, w, dw, enzyme_const, a, ns, d);
}
