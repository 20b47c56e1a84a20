; sin(x) read back in its own block's reverse, whose rule there calls cos(x):
; recomputed beside the cos rather than taped, so LLVM makes the two one
; sincos call (tools/perfhunt/exp_shapes.c: __sin + __cos -> __sincos, as
; the reference).  Not where the forward pass calls cos(x) too (@both: the
; rule reads that back), nor where the reader is another block's reverse
; (@other_block: the sin would sit apart from the cos).
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

declare double @__enzyme_autodiff(...)
declare double @llvm.sin.f64(double)
declare double @llvm.cos.f64(double)
declare double @llvm.exp.f64(double)

define double @sin_times_exp(double %x) {
  %s = call double @llvm.sin.f64(double %x)
  %e = call double @llvm.exp.f64(double %x)
  %m = fmul double %s, %e
  ret double %m
}

define double @both(double %x) {
  %s = call double @llvm.sin.f64(double %x)
  %c = call double @llvm.cos.f64(double %x)
  %m = fmul double %s, %c
  ret double %m
}

define double @other_block(double %x, i1 %b) {
  %s = call double @llvm.sin.f64(double %x)
  br i1 %b, label %then, label %done
then:
  %m = fmul double %s, %x
  br label %done
done:
  %r = phi double [ %m, %then ], [ %x, %0 ]
  ret double %r
}

define void @grads(double %x, i1 %b) {
  %1 = call double (...) @__enzyme_autodiff(ptr @sin_times_exp, double %x)
  %2 = call double (...) @__enzyme_autodiff(ptr @both, double %x)
  %3 = call double (...) @__enzyme_autodiff(ptr @other_block, double %x, i1 %b)
  ret void
}

; CHECK-LABEL: define internal double @diffe_sin_times_exp(
; CHECK-NOT: %s.slot
; CHECK: %e = call double @llvm.exp.f64(double %x)
; CHECK-NOT: @llvm.sin
; CHECK: invert.bb:
; CHECK: %s.re = call double @llvm.sin.f64(double %x)
; CHECK: call double @llvm.cos.f64(double %x)
; CHECK: ret double

; CHECK-LABEL: define internal double @diffe_both(
; CHECK: %s = call double @llvm.sin.f64(double %x)
; CHECK-NEXT: store double %s, ptr %s.slot
; CHECK: invert.bb:
; CHECK-NOT: call double @llvm.sin
; CHECK-NOT: call double @llvm.cos
; CHECK: ret double

; CHECK-LABEL: define internal double @diffe_other_block(
; CHECK: %s = call double @llvm.sin.f64(double %x)
; CHECK-NEXT: store double %s, ptr %s.slot
; CHECK: invert.then:
; CHECK: %s.rev = load double, ptr %s.slot
