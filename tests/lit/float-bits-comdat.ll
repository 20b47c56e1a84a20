; A C++ inline helper is linkonce_odr in a comdat.  The helper's copy that
; takes the double (ad/bits_across_calls.py) is internal and must not join
; the helper's comdat: when the linker keeps another unit's group, it would
; drop the copy that this unit still calls.  The gradient stays right.
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: FileCheck --check-prefix=IR %s < %t.out.ll
; RUN: FileCheck --check-prefix=INTERNAL %s < %t.out.ll
; RUN: %lli %t.out.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

$move8 = comdat any

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define double @f(ptr %y, ptr %x) {
  %bits = load i64, ptr %x, align 8, !tbaa !3
  call void @move8(ptr %y, i64 %bits)
  %v = load double, ptr %y, align 8, !tbaa !3
  %sq = fmul double %v, %v
  ret double %sq
}

define linkonce_odr void @move8(ptr %dst, i64 %bits) noinline comdat {
  store i64 %bits, ptr %dst, align 8
  ret void
}

; IR: define linkonce_odr void @move8(ptr %dst, i64 %bits) {{.*}}comdat {
; IR: define internal void @move8.bitsargs(ptr %dst, double %bits) noinline {
; INTERNAL-NOT: define internal {{.*}}comdat

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
