// Horner's scheme in an inner loop of constant length (32), run once per
// point by an outer loop.  Its counter ends every run at the same constant,
// and the loop carries a float through a sum and a product of itself, so
// no vectorizer takes its reverse: the reverse sets the counter to that
// constant instead of the forward pass saving it on the tape once per run
// (instrument.py `_same_last_count`, analysis/loops.py
// `has_mixed_float_recurrence`).  The last step `p * t + c`, read after the
// loop, is kept rather than computed again from the carried p, so p is
// pushed as each iteration ends, not saved before it (cache_policy.py
// `_leaf_carried_out`).  The gradient is checked against central differences.
// RUN: %clang -O1 -ffast-math -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O1 %t.out.ll -o %t.exe -lm
// RUN: %t.exe
// CHECK-LABEL: define internal {{.*}}@diffe_horner(
// CHECK-NOT:   store i64 %saved
// CHECK:       store double [[P:%p[0-9.]*]], ptr [[P]].slot
// CHECK:       store double %add, ptr %add.slot
// CHECK-NEXT:  %indvars.iv.next =
// CHECK-NEXT:  icmp
// CHECK-NEXT:  %tape.push = call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
// CHECK-NEXT:  %saved = load double, ptr [[P]].slot
// CHECK-NOT:   store i64 %saved
// CHECK:       store i64 0, ptr %indvars.iv.slot
// CHECK-NOT:   store i64 %saved
// CHECK:       {{^}}}
#include "../e2e/check.h"

extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const, enzyme_dup;

enum { NC = 32, NP = 5 };

__attribute__((noinline)) double horner(const double *c, const double *t, int np) {
  double l = 0;
  for (int i = 0; i < np; i++) {
    double p = 0;
    for (int k = NC - 1; k >= 0; k--) p = p * t[i] + c[k];
    l += p * p;
  }
  return l;
}

static double c_[NC], t_[NP];
static double loss_c(double *c) { return horner(c, t_, NP); }

int main(void) {
  double dc[NC] = {0}, dt[NP] = {0};
  for (int k = 0; k < NC; k++) c_[k] = 0.2 * sin(0.9 * k + 0.3);
  for (int i = 0; i < NP; i++) t_[i] = -0.9 + 0.4 * i;
  __enzyme_autodiff((void *)horner, enzyme_dup, c_, dc, enzyme_dup, t_, dt, enzyme_const, NP);
  int bad = check_gradient("dc", c_, dc, NC, loss_c);
  for (int i = 0; i < NP; i++)
    bad += !check_close("dt", i, dt[i], CENTRAL_DIFFERENCE(t_[i], 1e-6, horner(c_, t_, NP)));
  return bad != 0;
}
