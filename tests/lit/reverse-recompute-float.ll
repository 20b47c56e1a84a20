; Float sums and products of values the reverse pass has at hand (loads of
; memory the function never writes, arguments, constants) are computed
; again in the reverse loop instead of being taped once per iteration: a
; few flops cost less than a tape entry written and read back.
; t = (x[i] - c) * s feeds t * t; its reverse needs t, recomputed from x[i].
; Products of a value that is taped (the phi %acc) are not recomputed.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

declare double @__enzyme_autodiff(...)

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

define void @main(ptr %x, ptr %dx, i64 %n) {
  %g = call double (...) @__enzyme_autodiff(ptr @sumsq, ptr %x, ptr %dx, double 1.0, double 2.0, i64 %n)
  ret void
}
