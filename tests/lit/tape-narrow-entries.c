// Tape entries as narrow as their values (instrument._layout): each
// iteration joins three ways twice, and both i8 path indices go in one
// entry, pushed where the iteration ends (instrument._narrow), at offsets 0
// and 1; the entry takes 8 bytes, not 2, beside the loop's other entries
// (`_lone_entries`: a stride of 8 keeps LLVM addressing through the
// counter).  72 bytes an iteration in all, where i64 indices in entries of
// their own would take 8 more (8 of them sin(x[i]), which the forward pass computes
// for s anyway: kept, not recomputed beside its cos, cache_policy
// `_beside_partner`; 8 cos(x[i]), computed in the forward pass beside it,
// `partner_in_forward`).  Accessed with alignment 1: entries start at any byte
// of the tape.  Gradients: e2e reverse/narrow_tape_entries.c.
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// RUN: FileCheck --check-prefix=IR %s < %t.out.ll
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck --check-prefix=IR %s < %t14.out.ll
// STATS: diffe_counted: {{.*}} 72 tape bytes per run
// IR-LABEL: define internal {{.*}}@diffe_counted(
// IR: %[[FIRST:pred.index[.0-9]*]] = phi i8 [ 0, %{{[0-9]+}} ], [ 1, %{{[0-9]+}} ], [ 2, %{{[0-9]+}} ]
// IR: %[[SECOND:pred.index[.0-9]*]] = phi i8 [ 0, %{{[0-9]+}} ], [ 1, %{{[0-9]+}} ], [ 2, %{{[0-9]+}} ]
// IR: %[[PUSH:tape.push[.0-9]*]] = call {{.*}}@enzyme_opt.tape.push({{.*}}, i64 8)
// IR-NEXT: %saved{{.*}} = load i8, {{.*}}%[[SECOND]].slot
// IR-NEXT: store i8 %saved{{.*}}, {{.*}}%[[PUSH]], align 1
// IR-NEXT: %saved{{.*}} = load i8, {{.*}}%[[FIRST]].slot
// IR-NEXT: getelementptr inbounds i8, {{.*}}%[[PUSH]], i64 1
// IR-NEXT: store i8 %saved{{.*}}, align 1
// IR-NEXT: br i1
// IR: %[[POP:tape.pop[.0-9]*]] = call {{.*}}@enzyme_opt.tape.pop({{.*}}, i64 8)
// IR-NEXT: load i8, {{.*}}%[[POP]], align 1
// IR: getelementptr inbounds i8, {{.*}}%[[POP]], i64 1
// IR-NEXT: load i8, {{.*}}, align 1
#include <math.h>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
int K[64];
int n_iter = 9;
double counted(const double *x) {
  double s = 1.0;
  for (int i = 0; i < n_iter; i++) {
    double t;
    switch (K[i] % 3) {
      case 0: t = sin(x[i]) * s; break;
      case 1: t = x[i] * x[i] + s; break;
      default: t = s * s * x[i]; break;
    }
    double u;
    switch ((K[i] / 3) % 3) {
      case 0: u = exp(0.3 * t); break;
      case 1: u = cos(t); break;
      default: u = t / (1 + s * s); break;
    }
    s = 0.5 * s + 0.3 * u;
  }
  return s;
}
double dx[9];
void gradient(const double *x) { __enzyme_autodiff((void *)counted, enzyme_dup, x, dx); }
