; An operand that stands twice with the same partial (`x * x`: x twice)
; receives its partial times twice the adjoint, once: `x * (d * 2)`, not
; `x * d` added twice, where d is the seed times a value fixed for the call
; (repeated_operands.py): the same number (doubling is exact), and with a
; constant seed LLVM keeps the factor out of the sum (rosenbrock's reverse
; loop).  `y - y` has two different partials (1 and -1), a vector square and
; a square whose adjoint is computed (z * z, times y + 1) keep two
; contributions each.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [16 x i8] c"%g %g %g %g %g\0A\00"

define double @shapes(double %x, double %y, <2 x double> %v, double %z) {
  %sq = fmul double %x, %x
  %zz = fmul double %z, %z
  %y1 = fadd double %y, 1.0
  %zy = fmul double %zz, %y1
  %same0 = fsub double %y, %y
  %same = fadd double %same0, %zy
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
; CHECK:       fadd {{.*}}double %{{[0-9]+}}, %[[YADJ:same0[a-z.0-9]+]]
; CHECK:       %[[NEG:[0-9]+]] = fneg double %[[YADJ]]
; CHECK:       fadd {{.*}}double %{{[0-9]+}}, %[[NEG]]
; z * z, its adjoint a product with y + 1: two accumulations of z * d.
; CHECK:       %[[ZD1:[0-9]+]] = fmul double %z, %[[ZADJ:zz[a-z.0-9]+]]
; CHECK:       fadd {{.*}}double %{{[0-9]+}}, %[[ZD1]]
; CHECK:       %[[ZD2:[0-9]+]] = fmul double %z, %[[ZADJ]]
; CHECK:       fadd {{.*}}double %{{[0-9]+}}, %[[ZD2]]
; x * x: one accumulation of x * (d * 2).
; CHECK:       %[[TWICE:[0-9]+]] = fmul {{.*}}double %[[XADJ:sq[a-z.0-9]+]], 2.000000e+00
; CHECK-NEXT:  %[[XD:[0-9]+]] = fmul double %x, %[[TWICE]]
; CHECK-NOT:   fmul double %x, %[[XADJ]]
; CHECK:       ret

define i32 @main() {
  %g = call { double, double, <2 x double>, double } (...) @__enzyme_autodiff(ptr @shapes,
            double 3.0, double 5.0, <2 x double> <double 1.5, double -2.0>, double 0.5)
  %dx = extractvalue { double, double, <2 x double>, double } %g, 0
  %dy = extractvalue { double, double, <2 x double>, double } %g, 1
  %dv = extractvalue { double, double, <2 x double>, double } %g, 2
  %dz = extractvalue { double, double, <2 x double>, double } %g, 3
  %dv0 = extractelement <2 x double> %dv, i32 0
  %dv1 = extractelement <2 x double> %dv, i32 1
  call i32 (ptr, ...) @printf(ptr @fmt, double %dx, double %dy, double %dv0, double %dv1, double %dz)
  ret i32 0
}
; d/dx x^2 = 6, d/dy (y - y + z^2 (y + 1)) = z^2 = 0.25, d/dv v^2 = 2v = (3, -4),
; d/dz z^2 (y + 1) = 2z (y + 1) = 6.
; OUT: 6 0.25 3 -4 6
