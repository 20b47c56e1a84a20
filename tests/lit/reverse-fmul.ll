; The adjoint of fmul: each factor receives the other factor times the
; result's adjoint, and both gradients come back in a struct.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define double @f(double %x, double %y) {
  %m = fmul double %x, %y
  ret double %m
}

define { double, double } @grad(double %x, double %y) {
  %g = call { double, double } (...) @__enzyme_autodiff(ptr @f, double %x, double %y)
  ret { double, double } %g
}

define i32 @main() {
  %g = call { double, double } @grad(double 3.0, double -2.0)
  %dx = extractvalue { double, double } %g, 0
  %dy = extractvalue { double, double } %g, 1
  call i32 (ptr, ...) @printf(ptr @fmt, double %dx, double %dy)
  ret i32 0
}

; CHECK-LABEL: define { double, double } @grad(
; CHECK: call { double, double } @diffe_f(double %x, double %y, double 1.0
; CHECK-LABEL: define internal { double, double } @diffe_f(double %x, double %y, double %differet)
; CHECK: %m = fmul double %x, %y
; CHECK: %[[DM:m.adj.val[0-9.]*]] = load double, ptr %m.adj
; CHECK: fmul double %y, %[[DM]]
; CHECK: fmul double %x, %[[DM]]
; CHECK: ret { double, double }
; OUT: {{^}}-2 3{{$}}
