; A function with the "enzyme_inactive" attribute is called in the forward
; pass and passes no derivative back: d/dx (x*x + helper(x)) = 2x.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [4 x i8] c"%g\0A\00"

define double @helper(double %x) #0 {
  %y = fmul double %x, 5.0
  ret double %y
}

define double @f(double %x) {
  %sq = fmul double %x, %x
  %h = call double @helper(double %x)
  %r = fadd double %sq, %h
  ret double %r
}

; CHECK-LABEL: define internal double @diffe_f(
; CHECK:       call double @helper(double %x)
; CHECK-NOT:   @diffe_helper
; CHECK-NOT:   @augmented_helper
; CHECK:       ret

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @f, double 3.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}
; OUT: 6

attributes #0 = { noinline "enzyme_inactive" }
