; clang -O3 may pass a double loaded as i64 to a helper by value (argument
; promotion of `memcpy(dst, src, 8)` in the helper).  Once the load is
; typed as a double it is active; the call then goes to a copy of the helper
; taking the double (ad/bits_across_calls.py), so the derivative follows it
; into memory: d y[0] / d x[0] = 1, and the seed of y[0] reaches x[0].
; Where the bits meet integer arithmetic instead, it is an error at the
; call, located in the .ll when there is no debug info, not a zero
; derivative.
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: %lli %t.out.ll | FileCheck --check-prefix=OUT %s
; RUN: sed -e 's/^; A: //' %s > %t.arith.ll
; RUN: not enzyme-opt %t.arith.ll -o %t.arith.out.ll 2>&1 | FileCheck --check-prefix=ARITH %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define double @f(ptr %y, ptr %x) {
  %bits = load i64, ptr %x, align 8, !tbaa !3
  call void @move8(ptr %y, i64 %bits)
  %v = load double, ptr %y, align 8, !tbaa !3
  %sq = fmul double %v, %v
  ret double %sq
}

define internal void @move8(ptr %dst, i64 %bits) {
  store i64 %bits, ptr %dst, align 8
  ret void
}

; A: define double @g(ptr %y, ptr %x) {
; A:   %bits = load i64, ptr %x, align 8, !tbaa !3
; A:   call void @move8_flip(ptr %y, i64 %bits)
; A:   %v = load double, ptr %y, align 8, !tbaa !3
; A:   ret double %v
; A: }
; A: define internal void @move8_flip(ptr %dst, i64 %bits) {
; A:   %flipped = xor i64 %bits, 1
; A:   store i64 %flipped, ptr %dst, align 8
; A:   ret void
; A: }
; A: define double @grad_g(ptr %y, ptr %dy, ptr %x, ptr %dx) {
; A:   %r = call double (...) @__enzyme_autodiff(ptr @g, ptr %y, ptr %dy, ptr %x, ptr %dx)
; A:   ret double %r
; A: }
; ARITH: error: cannot differentiate the active double {{.*}} passed to 'move8_flip' as i64 bits

; f = x^2 through y: df/dx = 2 x = 6 at x = 3, plus the seed 0.5 of y[0] (= x[0])
define i32 @main() {
  %y = alloca double
  %dy = alloca double
  %x = alloca double
  %dx = alloca double
  store double 0.0, ptr %y
  store double 0.5, ptr %dy
  store double 3.0, ptr %x
  store double 0.0, ptr %dx
  call double (...) @__enzyme_autodiff(ptr @f, ptr %y, ptr %dy, ptr %x, ptr %dx)
  %d = load double, ptr %dx
  %yv = load double, ptr %y
  call i32 (ptr, ...) @printf(ptr @fmt, double %d, double %yv)
  ret i32 0
}
; OUT: 6.5 3

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"double", !1, i64 0}
!3 = !{!2, !2, i64 0}
