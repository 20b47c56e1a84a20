// Inner loops counting down a constant number of times (Horner's
// `for (k = 31; k >= 0; k--)`) inside an outer loop that tapes too: their
// runs have a constant count, so each run reserves room for its pushes
// once and they go unchecked (tools/perfhunt cxx_member: 1.38x the
// reference's instructions before, 1.18x after).  A count-down loop whose
// start is not constant is bounded by its start and its bound too
// (loops.py `_down_counter_bound`: tools/perfhunt horner 8% fewer
// instructions, clenshaw 1.13x the reference's -> 1.02x): its pushes go
// unchecked as well.  Gradients: e2e reverse/down_counter_tapes.c.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double horner(const double *c, const double *t, int n) {
  double l = 0;
  for (int i = 0; i < n; i++) {
    double p = 0;
    for (int k = 31; k >= 0; k--) p = p * t[i] + c[k];
    l += p * p / (1 + t[i] * t[i] * p);
  }
  return l;
}

double horner_m(const double *c, const double *t, int n, int m) {
  double l = 0;
  for (int i = 0; i < n; i++) {
    double p = 0;
    for (int k = m; k >= 0; k--) p = p * t[i] + c[k];
    l += p * p / (1 + t[i] * t[i] * p);
  }
  return l;
}

void grads(double *c, double *dc, double *t, double *dt, int n, int m) {
  __enzyme_autodiff((void *)horner, enzyme_dup, c, dc, enzyme_dup, t, dt, enzyme_const, n);
  __enzyme_autodiff((void *)horner_m, enzyme_dup, c, dc, enzyme_dup, t, dt, enzyme_const, n,
                    enzyme_const, m);
}

// CHECK-LABEL: define internal {{.*}}@diffe_horner(
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK: call ptr @enzyme_opt.tape.push.reserved(
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_horner_m(
// CHECK: call void @enzyme_opt.tape.reserve(
// CHECK: call ptr @enzyme_opt.tape.push.reserved(
// CHECK: {{^}}}
