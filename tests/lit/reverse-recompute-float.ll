; Float sums and products of values the reverse pass has at hand (loads of
; memory the function never writes, arguments, constants) are computed
; again in the reverse loop instead of being taped once per iteration: a
; few flops cost less than a tape entry written and read back.
; t = (x[i] - c) * s feeds t * t; its reverse needs t, recomputed from x[i].
; Up to one operand may come from the tape, if it belongs to the value's own
; block: in @cubic only q = s[i] (which the loop overwrites) is taped, and
; -q, q*(-q) and fma(q, q*(-q), 1) are computed again from it.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

declare double @__enzyme_autodiff(...)
declare { double, double } @__enzyme_autodiff_pair(...)
declare double @llvm.fmuladd.f64(double, double, double)

define double @sumsq(ptr %x, double %c, double %s, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 1.0, %entry ], [ %acc.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %d = fsub double %v, %c
  %t = fmul double %d, %s
  %tt = fmul double %t, %t
  %acc.next = fmul double %acc, %tt
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc.next
}

; CHECK-LABEL: define internal { double, double } @diffe_sumsq(
; CHECK-NOT:   store double %t, ptr
; CHECK-NOT:   store double %d, ptr
; CHECK:       store double %acc, ptr %acc.slot
; CHECK-NOT:   store double %t, ptr
; CHECK:       invert.loop:
; CHECK:       %d.re = fsub double %v.re, %c
; CHECK-NEXT:  %t.re = fmul double %d.re, %s
; CHECK:       ret { double, double }

define double @cubic(ptr %s, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 1.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds double, ptr %s, i64 %i
  %q = load double, ptr %p
  %nq = fneg double %q
  %q2 = fmul double %q, %nq
  %f = call double @llvm.fmuladd.f64(double %q, double %q2, double 1.0)
  store double %f, ptr %p
  %acc.next = fmul double %acc, %f
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc.next
}

; CHECK-LABEL: define internal void @diffe_cubic(
; CHECK-NOT:   {{%(nq|q2|f|acc.next).slot}}
; CHECK:       %q.slot = alloca double
; CHECK:       %acc.slot = alloca double
; CHECK-NOT:   {{%(nq|q2|f|acc.next).slot}}
; CHECK:       call ptr @enzyme_opt.tape.push{{(.reserved)?}}(ptr %tape, i64 16)
; CHECK-NOT:   {{%(nq|q2|f|acc.next).slot}}
; CHECK:       invert.loop:
; CHECK:       %q.rev = load double, ptr %q.slot
; CHECK-NEXT:  %nq.re = fneg double %q.rev
; CHECK-NEXT:  %q2.re = fmul double %q.rev, %nq.re
; CHECK-NEXT:  %f.re = call double @llvm.fmuladd.f64(double %q.rev, double %q2.re, double 1.0)
; CHECK:       ret void

define void @main(ptr %x, ptr %dx, ptr %s, ptr %ds, i64 %n) {
  %g = call { double, double } (...) @__enzyme_autodiff_pair(ptr @sumsq, ptr %x, ptr %dx, double 1.0, double 2.0, i64 %n)
  %h = call double (...) @__enzyme_autodiff(ptr @cubic, ptr %s, ptr %ds, i64 %n)
  ret void
}
