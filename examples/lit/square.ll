; RUN: enzyme-opt %s -o - | FileCheck %s

define double @square(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

declare double @__enzyme_autodiff(ptr, ...)

define double @dsquare(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @square, double %x)
  ret double %d
}

; The API call is gone, replaced by a call of the synthesized gradient.
; CHECK-LABEL: define double @dsquare(
; CHECK-NOT: __enzyme_autodiff
; CHECK: call {{.*}}@diffe_square(double %x
; CHECK: define internal {{.*}}@diffe_square(
; CHECK: fmul
