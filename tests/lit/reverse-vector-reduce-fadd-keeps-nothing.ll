; The reverse of `llvm.vector.reduce.fadd` reads no primal value: its
; partials are all 1.  It used to read its operands and result anyway, so
; the vectorizer's sum of a loop kept the sum vector and the result in
; slots, taped once per run of the loop, and the forward loop ran only to
; fill them when nobody needed its result (tools/perfhunt/aos.c and soa.c
; built with vectorization).  fmul's partials still read the lanes: the
; sum's last value, kept (not recomputed from its phi after the loop).
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

declare double @__enzyme_autodiff(...)
declare double @llvm.vector.reduce.fadd.v2f64(double, <2 x double>)
declare double @llvm.vector.reduce.fmul.v2f64(double, <2 x double>)

define double @sumsq(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %j
  %v = load <2 x double>, ptr %p
  %sq = fmul fast <2 x double> %v, %v
  %acc.next = fadd fast <2 x double> %acc, %sq
  %j.next = add nuw nsw i64 %j, 2
  %done = icmp uge i64 %j.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %s = call fast double @llvm.vector.reduce.fadd.v2f64(double -0.0, <2 x double> %acc.next)
  ret double %s
}

define double @prodsq(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %j
  %v = load <2 x double>, ptr %p
  %sq = fmul fast <2 x double> %v, %v
  %acc.next = fadd fast <2 x double> %acc, %sq
  %j.next = add nuw nsw i64 %j, 2
  %done = icmp uge i64 %j.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %s = call fast double @llvm.vector.reduce.fmul.v2f64(double 1.0, <2 x double> %acc.next)
  ret double %s
}

define void @grads(ptr %x, ptr %dx, i64 %n) {
  %1 = call double (...) @__enzyme_autodiff(ptr @sumsq, ptr %x, ptr %dx, i64 %n)
  %2 = call double (...) @__enzyme_autodiff(ptr @prodsq, ptr %x, ptr %dx, i64 %n)
  ret void
}

; CHECK-LABEL: define internal void @diffe_sumsq(
; CHECK-NOT:   slot = alloca {{.*}}double
; CHECK:       call fast double @llvm.vector.reduce.fadd.v2f64(
; CHECK-NOT:   slot = alloca {{.*}}double
; CHECK:       {{^}}}
; CHECK-LABEL: define internal void @diffe_prodsq(
; CHECK:       %acc.next.slot = alloca <2 x double>
; CHECK:       {{^}}}
