; Vectorized code fills vectors partly: here lane 1 of %s is poison.  The
; adjoint of %a in %p = %a * %s is %s times %p's adjoint; a poison lane
; times the zero adjoint of an unused lane is poison, and the adjoints of
; the inserts would carry it into %x's derivative.  The reverse pass reads
; %s with its poison lanes set to 0 (a refinement of poison).
; f(x) = lane 0 of <x, x*x> * <x*x, poison> = x^3, f'(1.5) = 6.75.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

@fmt = private constant [4 x i8] c"%g\0A\00"
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)

define double @f(double %x) {
  %xx = fmul double %x, %x
  %a0 = insertelement <2 x double> poison, double %x, i64 0
  %a = insertelement <2 x double> %a0, double %xx, i64 1
  %s = shufflevector <2 x double> %a, <2 x double> poison, <2 x i32> <i32 1, i32 poison>
  %p = fmul <2 x double> %a, %s
  %r = extractelement <2 x double> %p, i64 0
  ret double %r
}

; CHECK-LABEL: define internal double @diffe_f(
; CHECK:       %s.rev = load <2 x double>, ptr %s.slot
; CHECK-NEXT:  %s.lanes = shufflevector <2 x double> %s.rev, <2 x double> zeroinitializer, <2 x i32> <i32 0, i32 2>
; CHECK-NEXT:  fmul <2 x double> %s.lanes,
; CHECK-NOT:   %a.lanes
; CHECK:       ret double
; OUT: {{^}}6.75{{$}}

define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 1.5)
  call i32 (ptr, ...) @printf(ptr @fmt, double %g)
  ret i32 0
}
