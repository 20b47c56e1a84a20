// A loop header's values pushed at the header (instrument._push_latch_entry):
// push_back's shape in C, its begin and end pointers and their shadows
// (header phis, read by the reverse of the store and of the growth) go in
// one entry before the header's branch, not at the latch.  Both ways keep
// the stored square (8 bytes); the growth keeps the new buffer's shadow
// too, so the other way pads 8 (`_iteration_pads`).  The latch's way in is
// the header's `last == room` alone (join_paths.deciding_branch): its i1
// goes in the header's entry at 32 (40 bytes), stored as the compare's
// flag, and no index phi is taped at the latch.  The reverse pops the
// iteration's 56 bytes at once where the latch's reverse starts and reads
// the ways' entries at their offsets, 40 and 48 (`_read_iteration`): no
// pop of the header's entry, nor of the pad, of its own.  Gradients: e2e
// reverse/header_entries.c.
// RUN: %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang14 -O2 -S -emit-llvm %s -o %t14.ll
// RUN: enzyme-opt %t14.ll -o %t14.out.ll
// RUN: FileCheck %s < %t14.out.ll
// CHECK-LABEL: define internal {{.*}}@diffe_grown(
// CHECK: %[[FULL:[0-9]+]] = icmp eq {{(ptr|double\*)}} %
// CHECK-NEXT: store i1 %[[FULL]], {{.*}}%[[SLOT:v.slot[.0-9]*]]
// CHECK-NEXT: call {{.*}}@enzyme_opt.tape.push({{.*}}, i64 40)
// CHECK-COUNT-4: store {{.*}}, align 1
// CHECK-NEXT: load i1, {{.*}}%[[SLOT]]
// CHECK-NEXT: getelementptr inbounds i8, {{.*}}, i64 32
// CHECK-NOT: bitcast {{.*}} to i64
// CHECK: store i1 {{.*}}, align 1
// CHECK-NEXT: br i1 %[[FULL]]
// CHECK: %tape.pad = call {{.*}}@enzyme_opt.tape.push({{.*}}, i64 8)
// CHECK-NEXT: br label
// CHECK: %[[ALL:tape.iteration[.0-9]*]] = call {{.*}}@enzyme_opt.tape.pop({{.*}}, i64 56)
// CHECK-NOT: @enzyme_opt.tape.pop({{.*}}, i64 40)
// CHECK-DAG: getelementptr inbounds i8, {{.*}}%iteration{{[.0-9]*}}, i64 40
// CHECK-DAG: getelementptr inbounds i8, {{.*}}%iteration{{[.0-9]*}}, i64 48
// CHECK-NOT: @enzyme_opt.tape.pop({{.*}}, i64 40)
// CHECK-LABEL: define internal {{.*}}@enzyme_opt.tape.push(
#include <stdlib.h>
#include <string.h>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
int n_iter = 9;
double grown(const double *x) {
  double *first = 0, *last = 0, *room = 0;
  for (int i = 0; i < n_iter; i++) {
    if (last == room) {             /* full: twice the room, plus one */
      long held = last - first;
      double *moved = malloc((2 * held + 1) * sizeof(double));
      moved[held] = x[i] * x[i];
      if (held) memmove(moved, first, held * sizeof(double));
      free(first);
      room = moved + 2 * held + 1;
      last = moved + held;
      first = moved;
    } else {
      *last = x[i] * x[i];
    }
    last++;
  }
  double s = 0;
  for (double *p = first; p + 1 < last; p++) s += p[0] * p[1];
  free(first);
  return s;
}
void grad(const double *x, double *dx) { __enzyme_autodiff((void *)grown, enzyme_dup, x, dx); }
