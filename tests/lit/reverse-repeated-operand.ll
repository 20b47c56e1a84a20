; An operand that stands twice with the same partial (`x * x`: x twice)
; receives its partial times twice the adjoint, once: `x * (d * 2)`, not
; `x * d` added twice.  The same number (doubling is exact), and with a
; constant seed LLVM keeps the factor out of the sum (rosenbrock's reverse
; loop).  `x - x` has two different partials (1 and -1) and keeps two
; contributions; a vector square keeps two as well (measured slower merged).
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [13 x i8] c"%g %g %g %g\0A\00"

define double @shapes(double %x, double %y, <2 x double> %v) {
  %sq = fmul double %x, %x
  %same = fsub double %y, %y
  %vsq = fmul <2 x double> %v, %v
  %lane0 = extractelement <2 x double> %vsq, i32 0
  %lane1 = extractelement <2 x double> %vsq, i32 1
  %r0 = fadd double %sq, %same
  %r1 = fadd double %r0, %lane0
  %r2 = fadd double %r1, %lane1
  ret double %r2
}

; The vector square first (reversed order): two accumulations of v * d.
; CHECK-LABEL: define internal {{.*}} @diffe_shapes(
; CHECK:       %[[VD1:[0-9]+]] = fmul <2 x double> %v, %[[VADJ:[a-z.0-9]+]]
; CHECK:       fadd {{.*}}<2 x double> %{{[0-9]+}}, %[[VD1]]
; CHECK:       %[[VD2:[0-9]+]] = fmul <2 x double> %v, %[[VADJ]]
; CHECK:       fadd {{.*}}<2 x double> %{{[0-9]+}}, %[[VD2]]
; y - y: the adjoint added, then its negation.
; CHECK:       fadd {{.*}}double %{{[0-9]+}}, %[[YADJ:[a-z.0-9]+]]
; CHECK:       %[[NEG:[0-9]+]] = fneg double %[[YADJ]]
; CHECK:       fadd {{.*}}double %{{[0-9]+}}, %[[NEG]]
; x * x: one accumulation of x * (d * 2).
; CHECK:       %[[TWICE:[0-9]+]] = fmul double %[[XADJ:[a-z.0-9]+]], 2.000000e+00
; CHECK-NEXT:  %[[XD:[0-9]+]] = fmul double %x, %[[TWICE]]
; CHECK-NOT:   fmul double %x, %[[XADJ]]
; CHECK:       ret

define i32 @main() {
  %g = call { double, double, <2 x double> } (...) @__enzyme_autodiff(ptr @shapes, double 3.0,
                                                      double 5.0, <2 x double> <double 1.5, double -2.0>)
  %dx = extractvalue { double, double, <2 x double> } %g, 0
  %dy = extractvalue { double, double, <2 x double> } %g, 1
  %dv = extractvalue { double, double, <2 x double> } %g, 2
  %dv0 = extractelement <2 x double> %dv, i32 0
  %dv1 = extractelement <2 x double> %dv, i32 1
  call i32 (ptr, ...) @printf(ptr @fmt, double %dx, double %dy, double %dv0, double %dv1)
  ret i32 0
}
; d/dx x^2 = 6, d/dy (y - y) = 0, d/dv v^2 = 2v = (3, -4).
; OUT: 6 0 3 -4
