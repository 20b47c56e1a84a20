; A sum of squares that the SLP vectorizer builds from lanes of a <2 x double>
; difference, (dx^2 + d.yz[0]^2) + d.yz[1]^2, read by sqrt's adjoint: the
; reverse of its block rebuilds it whole (cache_policy `_rebuilt_whole`),
; since the differences are computed there anyway for the squares' adjoints
; and the sum flows only into the dropped return.  No tape entry, no slot.
; (The loop has a latch of its own: a one-block loop's sweep is rebuilt
; whole by another rule, `_in_dead_sweep`.)
; @stored stores the sum too: the forward pass computes it anyway, and it
; stays on the tape (one double per iteration).
; @filter's y = a y + b x[i], two steps an iteration in lanes as the
; vectorizer has them: the first step's lanes also start the second, and the
; second's y is carried by a phi the reverse reads (`%yx.0` is rebuilt from
; it), so the forward pass computes them all anyway and rebuilding the lanes
; in the reverse would only add operations: they stay on the tape.
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
@enzyme_const = external global i32

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

define double @filter(ptr %ab, ptr %x, ptr %t, i64 %n2) {
entry:
  %abv = load <2 x double>, ptr %ab
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %latch ]
  %y = phi double [ 0.0, %entry ], [ %y.2, %latch ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %x.1 = load double, ptr %px
  %yx.0 = insertelement <2 x double> poison, double %y, i64 0
  %yx.1 = insertelement <2 x double> %yx.0, double %x.1, i64 1
  %terms.1 = fmul fast <2 x double> %yx.1, %abv
  %high.1 = shufflevector <2 x double> %terms.1, <2 x double> poison, <2 x i32> <i32 1, i32 poison>
  %sum.1 = fadd fast <2 x double> %high.1, %terms.1
  %y.1 = extractelement <2 x double> %sum.1, i64 0
  %pt = getelementptr inbounds double, ptr %t, i64 %i
  %t.1 = load double, ptr %pt
  %d.1 = fsub fast double %y.1, %t.1
  %dd.1 = fmul fast double %d.1, %d.1
  %s.1 = fadd fast double %dd.1, %s
  %j = or disjoint i64 %i, 1
  %px.2 = getelementptr inbounds double, ptr %x, i64 %j
  %x.2 = load double, ptr %px.2
  %yx.2 = insertelement <2 x double> %sum.1, double %x.2, i64 1
  %terms.2 = fmul fast <2 x double> %yx.2, %abv
  %high.2 = shufflevector <2 x double> %terms.2, <2 x double> poison, <2 x i32> <i32 1, i32 poison>
  %sum.2 = fadd fast <2 x double> %high.2, %terms.2
  %y.2 = extractelement <2 x double> %sum.2, i64 0
  %pt.2 = getelementptr inbounds double, ptr %t, i64 %j
  %t.2 = load double, ptr %pt.2
  %d.2 = fsub fast double %y.2, %t.2
  %dd.2 = fmul fast double %d.2, %d.2
  %s.next = fadd fast double %dd.2, %s.1
  br label %latch
latch:
  %i.next = add nuw nsw i64 %i, 2
  %done = icmp eq i64 %i.next, %n2
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

define void @grad(ptr %p, ptr %dp, ptr %q, i64 %n) {
  %r = call double (...) @__enzyme_autodiff(ptr @lengths, ptr %p, ptr %dp, i64 %n)
  %r2 = call double (...) @__enzyme_autodiff(ptr @stored, ptr %p, ptr %dp, i64 %n)
  %r3 = call double (...) @__enzyme_autodiff(ptr @filter, ptr %p, ptr %dp, ptr %p, ptr %dp, ptr @enzyme_const, ptr %q, i64 %n)
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

; CHECK-LABEL: define internal void @diffe_filter(
; CHECK-DAG:   %sum.1.slot = alloca <2 x double>
; CHECK-DAG:   %sum.2.slot = alloca <2 x double>
; CHECK-DAG:   %y.slot = alloca double
; CHECK:       ret void
