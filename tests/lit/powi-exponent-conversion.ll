; powi's partial n * x^(n-1) converts the integer n to floating point as
; the primal does where both agree: `uitofp nneg` when n is known to be
; non-negative (a counter from 1 stepping by `add nsw`), as clang converts
; it.  Then, under fast-math, LLVM sees the partial's n and the divisor of
; sum x^i / i as one value and folds i * x^(i-1) / i to x^(i-1): no
; conversion or division is left in the gradient's loop (the reference's
; taylorlog).  With sitofp beside the primal's uitofp nneg, both stayed.
; Not known non-negative, sitofp: a counter from -100, one stepping by
; `add nuw` only (it may pass INT_MAX), and an argument that clang's
; `uitofp nneg` beside the powi does not cover (hoisted, as clang -O2 does,
; out of the branch that tested n > 0: poison where n < 0, which a select
; then discards).  Forward mode reads the same rule.  (The series' x^i / i
; now takes the fused rule of ad/rule_fusion.py, x^(i-1) without fast-math;
; the conversion checked in @diffe_series is the forward sweep's.)
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -O2 -S %t.ll | FileCheck --check-prefix=O2 %s

; CHECK-LABEL: define internal {{.*}}@diffe_series(
; CHECK-NOT: sitofp
; CHECK: uitofp nneg i32 %{{.*}} to double
; CHECK-NOT: sitofp
; CHECK: call {{.*}}double @llvm.powi.f64.i32
; CHECK-LABEL: define internal {{.*}}@diffe_both_signs(
; CHECK: sitofp i32 %{{.*}} to double
; CHECK: call {{.*}}double @llvm.powi.f64.i32
; CHECK-LABEL: define internal {{.*}}@diffe_unsigned_step(
; CHECK: sitofp i32 %{{.*}} to double
; CHECK: call {{.*}}double @llvm.powi.f64.i32
; CHECK-LABEL: define internal {{.*}}@diffe_guarded(
; CHECK: sitofp i32 %{{.*}} to double
; CHECK: call {{.*}}double @llvm.powi.f64.i32
; CHECK-LABEL: define internal {{.*}}@fwddiffe_series(
; CHECK-NOT: sitofp
; CHECK: ret

; O2-LABEL: define {{.*}}double @grad_series(
; O2-NOT: fdiv
; O2-NOT: tofp
; O2: call {{.*}}double @llvm.powi.f64.i32
; O2: ret double
; O2-LABEL: define {{.*}}double @tangent_series(
; O2-NOT: fdiv
; O2-NOT: tofp
; O2: ret double

declare double @llvm.powi.f64.i32(double, i32)
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)

; sum_{i=1}^{100} x^i / i
define double @series(double %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 1, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = call fast double @llvm.powi.f64.i32(double %x, i32 %i)
  %c = uitofp nneg i32 %i to double
  %t = fdiv fast double %p, %c
  %s.next = fadd fast double %t, %s
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 101
  br i1 %done, label %exit, label %loop

exit:
  ret double %s.next
}

; sum_{i=-100}^{-1} x^i / i
define double @both_signs(double %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ -100, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = call fast double @llvm.powi.f64.i32(double %x, i32 %i)
  %c = sitofp i32 %i to double
  %t = fdiv fast double %p, %c
  %s.next = fadd fast double %t, %s
  %next = add nsw i32 %i, 1
  %done = icmp eq i32 %next, 0
  br i1 %done, label %exit, label %loop

exit:
  ret double %s.next
}

; the counter steps by add nuw: past INT_MAX it is negative as signed
define double @unsigned_step(double %x, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 1, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = call fast double @llvm.powi.f64.i32(double %x, i32 %i)
  %c = uitofp i32 %i to double
  %t = fdiv fast double %p, %c
  %s.next = fadd fast double %t, %s
  %next = add nuw i32 %i, 1
  %done = icmp eq i32 %i, %n
  br i1 %done, label %exit, label %loop

exit:
  ret double %s.next
}

; n > 0 ? x^n / n : x^n, as clang -O2 leaves it
define double @guarded(double %x, i32 %n) {
  %p = call fast double @llvm.powi.f64.i32(double %x, i32 %n)
  %pos = icmp sgt i32 %n, 0
  %c = uitofp nneg i32 %n to double
  %d = select nsz i1 %pos, double %c, double 1.0
  %q = fdiv fast double %p, %d
  ret double %q
}

define double @grad_series(double %x) {
  %d = call double (...) @__enzyme_autodiff(ptr @series, double %x)
  ret double %d
}

define double @grad_both_signs(double %x) {
  %d = call double (...) @__enzyme_autodiff(ptr @both_signs, double %x)
  ret double %d
}

define double @grad_unsigned_step(double %x, i32 %n) {
  %d = call double (...) @__enzyme_autodiff(ptr @unsigned_step, double %x, i32 %n)
  ret double %d
}

define double @grad_guarded(double %x, i32 %n) {
  %d = call double (...) @__enzyme_autodiff(ptr @guarded, double %x, i32 %n)
  ret double %d
}

define double @tangent_series(double %x) {
  %d = call double (...) @__enzyme_fwddiff(ptr @series, double %x, double 1.0)
  ret double %d
}
