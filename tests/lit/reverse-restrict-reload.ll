; A loop that writes y[i] = x[i]^2.  Writes to y could change x unless the
; two do not alias: with noalias (C's restrict) x[i] is loaded again in the
; reverse pass, and the derivative's pointer parameters stay noalias; without
; it, the loaded value goes on the tape.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

define void @sq_restrict(ptr noalias %y, ptr noalias %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %sq = fmul double %v, %v
  %py = getelementptr inbounds double, ptr %y, i64 %i
  store double %sq, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @sq_may_alias(ptr %y, ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %sq = fmul double %v, %v
  %py = getelementptr inbounds double, ptr %y, i64 %i
  store double %sq, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The counter is stepped back in the reverse loop, so with restrict the tape
; stays empty; without it, each iteration saves x[i].  The gradient of
; sq_may_alias is versioned on aliasing (ad/versioning.py): its general
; version tapes, the one for arrays found apart at run time reads x again,
; and the dispatcher under the gradient's name picks one.
; CHECK-LABEL: define internal void @diffe_sq_restrict(ptr noalias %y, ptr noalias %y.shadow, ptr noalias %x, ptr noalias %x.shadow, i64 %n)
; CHECK-NOT:   tape.push
; CHECK-NOT:   store double %v, ptr %v.slot
; CHECK:       ret void
; CHECK-LABEL: define internal void @diffe_sq_may_alias.mayalias(ptr %y, ptr %y.shadow, ptr %x, ptr %x.shadow, i64 %n)
; CHECK:       store double %v, ptr %v.slot
; CHECK:       tape.push{{.*}}i64 8)
; CHECK-LABEL: define internal void @diffe_sq_may_alias.noalias(ptr noalias %y, ptr noalias %y.shadow, ptr noalias %x, ptr noalias %x.shadow, i64 %n)
; CHECK-NOT:   tape.push
; CHECK:       ret void
; CHECK-LABEL: define internal void @diffe_sq_may_alias(ptr %y, ptr %y.shadow, ptr %x, ptr %x.shadow, i64 %n)
; CHECK:       br i1 {{.*}}, label %noalias, label %mayalias

define i32 @main() {
entry:
  %x = alloca [3 x double]
  %dx = alloca [3 x double]
  %y = alloca [3 x double]
  %dy = alloca [3 x double]
  %dx2 = alloca [3 x double]
  %dy2 = alloca [3 x double]
  store [3 x double] [double 1.0, double 2.0, double 3.0], ptr %x
  store [3 x double] zeroinitializer, ptr %dx
  store [3 x double] [double 1.0, double 1.0, double 1.0], ptr %dy
  store [3 x double] zeroinitializer, ptr %dx2
  store [3 x double] [double 1.0, double 1.0, double 1.0], ptr %dy2
  call void (...) @__enzyme_autodiff(ptr @sq_restrict, ptr %y, ptr %dy, ptr %x, ptr %dx, i64 3)
  call void (...) @__enzyme_autodiff(ptr @sq_may_alias, ptr %y, ptr %dy2, ptr %x, ptr %dx2, i64 3)
  %a = load [3 x double], ptr %dx
  %b = load [3 x double], ptr %dx2
  %a0 = extractvalue [3 x double] %a, 0
  %a2 = extractvalue [3 x double] %a, 2
  %b2 = extractvalue [3 x double] %b, 2
  call i32 (ptr, ...) @printf(ptr @fmt, double %a0, double %a2, double %b2)
  ret i32 0
}
; OUT: 2 6 6
