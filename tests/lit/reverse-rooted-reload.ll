; A split callee reads m->data[i] of a restrict argument's struct.  When no
; write of the whole call tree can reach it (analysis/tree_writes.py: here
; the only write goes through %y, another noalias argument), the callee's
; reverse pass loads m->data[i] again: its augmented function tapes nothing
; in the loop.  When the caller writes m->data after the call, it is taped.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@enzyme_const = external global i32
@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

define internal void @scale(ptr noalias %y, ptr noalias %x, ptr noalias %m, i64 %n) noinline {
entry:
  %data = load ptr, ptr %m
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %xv = load double, ptr %px
  %pm = getelementptr inbounds double, ptr %data, i64 %i
  %mv = load double, ptr %pm
  %p = fmul double %xv, %mv
  %s = fmul double %p, %xv
  %py = getelementptr inbounds double, ptr %y, i64 %i
  store double %s, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @kept(ptr noalias %y, ptr noalias %x, ptr noalias %m, i64 %n) {
  call void @scale(ptr %y, ptr %x, ptr %m, i64 %n)
  ret void
}

define void @written(ptr noalias %y, ptr noalias %x, ptr noalias %m, i64 %n) {
  call void @scale(ptr %y, ptr %x, ptr %m, i64 %n)
  %data = load ptr, ptr %m
  store double 5.0, ptr %data
  ret void
}

; The loop of @kept's callee saves nothing (only the final count, at the
; exit); that of @written's saves m->data[i] (and x[i], which the old rule
; did not keep either), every iteration, pushed at the end of the block
; (instrument.py: only the block's own reverse reads them).
; CHECK-LABEL: define internal void @augmented_scale(
; CHECK:       {{^}}loop:
; CHECK-NOT:   tape.push
; CHECK-NOT:   %mv.slot
; CHECK:       {{^}}exit:
; CHECK-LABEL: define internal void @augmented_scale.1(
; CHECK:       {{^}}loop:
; CHECK:       store double %mv, ptr %mv.slot
; CHECK:       tape.push
; CHECK:       {{^}}exit:

define i32 @main() {
entry:
  %x = alloca [3 x double]
  %dx = alloca [3 x double]
  %dx2 = alloca [3 x double]
  %y = alloca [3 x double]
  %dy = alloca [3 x double]
  %data = alloca [3 x double]
  %m = alloca ptr
  store ptr %data, ptr %m
  store [3 x double] [double 1.0, double 2.0, double 3.0], ptr %x
  store [3 x double] [double 3.0, double 4.0, double 5.0], ptr %data
  store [3 x double] zeroinitializer, ptr %dx
  store [3 x double] zeroinitializer, ptr %dx2
  store [3 x double] [double 1.0, double 1.0, double 1.0], ptr %dy
  call void (...) @__enzyme_autodiff(ptr @kept, ptr %y, ptr %dy, ptr %x, ptr %dx, ptr @enzyme_const, ptr %m, i64 3)
  store [3 x double] [double 1.0, double 1.0, double 1.0], ptr %dy
  call void (...) @__enzyme_autodiff(ptr @written, ptr %y, ptr %dy, ptr %x, ptr %dx2, ptr @enzyme_const, ptr %m, i64 3)
  %a = load [3 x double], ptr %dx
  %b = load [3 x double], ptr %dx2
  %a0 = extractvalue [3 x double] %a, 0
  %a2 = extractvalue [3 x double] %a, 2
  %b0 = extractvalue [3 x double] %b, 0
  call i32 (ptr, ...) @printf(ptr @fmt, double %a0, double %a2, double %b0)
  ret i32 0
}
; d(x^2 m)/dx = 2 x m: 2*1*3, 2*3*5; the second call's m[0] is 5 by then but
; its reverse must use the 3 the callee read.
; OUT: 6 30 6
