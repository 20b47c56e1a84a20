// A loop entered straight from an outer loop's latch runs at most once per
// call when that latch cannot be reached from it again: nothing of an
// earlier run needs restoring, so its counter is not saved per run (the
// save sat in the latch and ran once per row: matdescent's 16 KB a call).
// @once keeps one save, the inner loop's counter (one run per row); the
// same nest inside a repeat loop (@again) keeps both, besides the saves of
// the repeat loop's own values (four; the vectorized loop's, 100 / 4
// iterations a run, take a reserve made before it).  A save that runs once
// per row around the inner loop may take room reserved before the row loop
// (`push.reserved`): still one save.
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// REQUIRES: clang19

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 100

double once(const double *m, const double *v) {
  double out[N];
  for (int i = 0; i < N; i++) {
    out[i] = 0;
    for (int j = 0; j < N; j++) out[i] += m[i * N + j] * v[j];
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i] * out[i];
  return s;
}

double again(const double *m, const double *v, int reps) {
  double s = 0;
  for (int r = 0; r < reps; r++) {
    double out[N];
    for (int i = 0; i < N; i++) {
      out[i] = 0;
      for (int j = 0; j < N; j++) out[i] += m[i * N + j] * v[j];
    }
    for (int i = 0; i < N; i++) s += out[i] * out[i];
  }
  return s;
}

void grads(double *m, double *dm, double *v, int reps) {
  __enzyme_autodiff((void *)once, enzyme_dup, m, dm, enzyme_const, v);
  __enzyme_autodiff((void *)again, enzyme_dup, m, dm, enzyme_const, v, reps);
}

// CHECK-LABEL: define internal {{.*}}@diffe_once(
// CHECK: call ptr @enzyme_opt.tape.push{{(\.reserved)?}}(
// CHECK-NOT: call ptr @enzyme_opt.tape.push{{(\.reserved)?}}(
// CHECK: call ptr @enzyme_opt.tape.pop(
// CHECK-NOT: call ptr @enzyme_opt.tape.pop(
// CHECK-LABEL: define internal {{.*}}@diffe_again(
// CHECK-COUNT-4: call ptr @enzyme_opt.tape.push{{(\.reserved)?}}(
// CHECK-NOT: call ptr @enzyme_opt.tape.push{{(\.reserved)?}}(
// CHECK-COUNT-4: call ptr @enzyme_opt.tape.pop(
// CHECK-NOT: call ptr @enzyme_opt.tape.pop(
// CHECK: {{^}}}
