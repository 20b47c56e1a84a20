// A float select in a loop whose two values the reverse pass has without a
// slot is rebuilt there from its condition: under -ffast-math pinball's
// select of q - 1 or q by the sign of its residual tapes the i1, not the
// double (tools/perfhunt/pinball.c: 1.09 of the reference's instructions,
// 1.02 after; the reference tapes the condition too), and signed_square's
// select of v or -v over memory it only reads tapes nothing.  The in-place
// select, whose value is read from memory the loop overwrites, keeps its
// double.  The program is e2e reverse/select_recomputed.c (its gradients
// checked there and run here).
// RUN: %clang -O2 -ffast-math -fno-vectorize -fno-unroll-loops -I%S/../e2e -S -emit-llvm %S/../e2e/reverse/select_recomputed.c -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll --stats 2>&1 | FileCheck --check-prefix=STATS %s
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O1 %t.out.ll -o %t.exe -lm
// RUN: %t.exe
// STATS-DAG: diffe_signed_square: {{.*}} 0 tape bytes per run
// CHECK-LABEL: define internal void @diffe_pinball(
// CHECK: [[SAVED:%saved[.0-9]*]] = load i1, ptr
// CHECK-NEXT: store i1 [[SAVED]], ptr %tape.push
// CHECK-NOT: store double {{.*}}, ptr %tape.push
// CHECK-LABEL: define internal void @diffe_leaky_in_place(
// CHECK: store double {{.*}}, ptr %tape.push
