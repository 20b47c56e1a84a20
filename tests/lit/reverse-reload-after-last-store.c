// An array the caller passes, filled by one loop and read by a later one:
// no store of the function can run after the reads, so the reverse pass
// reads the array again (the undo log has nothing to take back for them)
// instead of taping every value read (tools/perfhunt prefix: 1.04x the
// reference's instructions before, 0.93x after).  Where the array is
// written again after the reads (a memcpy here, which the undo log cannot
// take back), the values read stay taped.
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

double fill_then_read(const double *restrict x, double *s, int n) {
  for (int i = 0; i < n; i++) s[i] = 0.5 * x[i] * x[i];
  double e = 0;
  for (int i = 0; i < n; i++) e += s[i] * s[i] * x[i];
  return e;
}

double read_then_refill(const double *restrict x, double *s, int n) {
  for (int i = 0; i < n; i++) s[i] = 0.5 * x[i] * x[i];
  double e = 0;
  for (int i = 0; i < n; i++) e += s[i] * s[i] * x[i];
  for (int i = 0; i < n; i++) s[i] = x[i];
  return e;
}

void grads(double *x, double *dx, double *s, double *ds, int n) {
  __enzyme_autodiff((void *)fill_then_read, enzyme_dup, x, dx, enzyme_dup, s, ds,
                    enzyme_const, n);
  __enzyme_autodiff((void *)read_then_refill, enzyme_dup, x, dx, enzyme_dup, s, ds,
                    enzyme_const, n);
}

// Each gradient comes in two versions (alias-checked), both the same here.
// CHECK-LABEL: define internal {{.*}}@diffe_fill_then_read.mayalias(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_fill_then_read.noalias(
// CHECK-NOT: @enzyme_opt.tape.push
// CHECK: {{^}}}
// CHECK-LABEL: define internal {{.*}}@diffe_read_then_refill.mayalias(
// CHECK: call ptr @enzyme_opt.tape.push
// CHECK: {{^}}}
