; Forward mode of a callee with two returns whose primal result the caller
; needs: its derivative returns {result, tangent}, and the returns merge in
; a phi of the callee's own type (double), not of the derivative's (a
; verifier error before; second derivatives of lgamma met it in digamma).
;   h(x) = x < 0 ? 3x : x^2,  g(x) = h(x)^2
;   g'(x) = 2 h h' = 4 x^3 at x = 1.5: 13.5;  at x = -2: 2 (-6)(3) = -36
; RUN: enzyme-opt %s -o %t.ll
; RUN: %lli %t.ll | FileCheck %s
; CHECK: 13.5 -36

declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define internal double @h(double %x) noinline {
entry:
  %neg = fcmp olt double %x, 0.0
  br i1 %neg, label %left, label %right
left:
  %l = fmul double %x, 3.0
  ret double %l
right:
  %r = fmul double %x, %x
  ret double %r
}

define double @g(double %x) {
  %v = call double @h(double %x)
  %sq = fmul double %v, %v
  ret double %sq
}

define i32 @main() {
  %a = call double (...) @__enzyme_fwddiff(ptr @g, double 1.5, double 1.0)
  %b = call double (...) @__enzyme_fwddiff(ptr @g, double -2.0, double 1.0)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %b)
  ret i32 0
}
