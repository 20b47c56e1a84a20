; A sum of squares that the SLP vectorizer builds from lanes of a <2 x double>
; difference, (dx^2 + d.yz[0]^2) + d.yz[1]^2, read by sqrt's adjoint: the
; reverse of its block rebuilds it whole (cache_policy `_rebuilt_whole`),
; since the differences are computed there anyway for the squares' adjoints
; and the sum flows only into the dropped return.  No tape entry, no slot.
; (The loop has a latch of its own: a one-block loop's sweep is rebuilt
; whole by another rule, `_in_dead_sweep`.)
; @stored stores the sum too: the forward pass computes it anyway, and it
; stays on the tape (one double per iteration).
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

declare double @__enzyme_autodiff(...)
declare double @llvm.sqrt.f64(double)

define double @lengths(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %e = phi double [ 0.0, %entry ], [ %e.next, %latch ]
  %i.next = add nuw nsw i64 %i, 1
  %a = getelementptr inbounds [3 x double], ptr %p, i64 %i
  %b = getelementptr inbounds [3 x double], ptr %p, i64 %i.next
  %ax = load double, ptr %a
  %bx = load double, ptr %b
  %dx = fsub fast double %bx, %ax
  %dx2 = fmul fast double %dx, %dx
  %a.yz = getelementptr inbounds i8, ptr %a, i64 8
  %b.yz = getelementptr inbounds i8, ptr %b, i64 8
  %ayz = load <2 x double>, ptr %a.yz
  %byz = load <2 x double>, ptr %b.yz
  %dyz = fsub fast <2 x double> %byz, %ayz
  %dyz2 = fmul fast <2 x double> %dyz, %dyz
  %y2 = extractelement <2 x double> %dyz2, i64 0
  %s.1 = fadd fast double %y2, %dx2
  %z2 = extractelement <2 x double> %dyz2, i64 1
  %s = fadd fast double %s.1, %z2
  %l = call fast double @llvm.sqrt.f64(double %s)
  %e.next = fadd fast double %e, %l
  br label %latch
latch:
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %e.next
}

@out = global [64 x double] zeroinitializer

define double @stored(ptr noalias %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %e = phi double [ 0.0, %entry ], [ %e.next, %latch ]
  %i.next = add nuw nsw i64 %i, 1
  %a = getelementptr inbounds [3 x double], ptr %p, i64 %i
  %b = getelementptr inbounds [3 x double], ptr %p, i64 %i.next
  %ax = load double, ptr %a
  %bx = load double, ptr %b
  %dx = fsub fast double %bx, %ax
  %dx2 = fmul fast double %dx, %dx
  %a.yz = getelementptr inbounds i8, ptr %a, i64 8
  %b.yz = getelementptr inbounds i8, ptr %b, i64 8
  %ayz = load <2 x double>, ptr %a.yz
  %byz = load <2 x double>, ptr %b.yz
  %dyz = fsub fast <2 x double> %byz, %ayz
  %dyz2 = fmul fast <2 x double> %dyz, %dyz
  %y2 = extractelement <2 x double> %dyz2, i64 0
  %s.1 = fadd fast double %y2, %dx2
  %z2 = extractelement <2 x double> %dyz2, i64 1
  %s = fadd fast double %s.1, %z2
  %slot = getelementptr inbounds double, ptr @out, i64 %i
  store double %s, ptr %slot
  %l = call fast double @llvm.sqrt.f64(double %s)
  %e.next = fadd fast double %e, %l
  br label %latch
latch:
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %e.next
}

define void @grad(ptr %p, ptr %dp, i64 %n) {
  %r = call double (...) @__enzyme_autodiff(ptr @lengths, ptr %p, ptr %dp, i64 %n)
  %r2 = call double (...) @__enzyme_autodiff(ptr @stored, ptr %p, ptr %dp, i64 %n)
  ret void
}

; CHECK-LABEL: define internal void @diffe_lengths(
; CHECK-NOT:   {{%(s|s.1|y2|z2|dyz2|dyz).slot}}
; CHECK-NOT:   @enzyme_opt.tape.push
; CHECK:       invert.loop:
; CHECK-NOT:   @enzyme_opt.tape.pop
; CHECK:       %s.re = fadd fast double %s.1.re, %z2.re
; CHECK:       ret void

; CHECK-LABEL: define internal void @diffe_stored(
; CHECK:       %s.slot = alloca double
; CHECK:       call ptr @enzyme_opt.tape.push{{(.reserved)?}}(ptr %tape, i64 8)
; CHECK:       ret void
