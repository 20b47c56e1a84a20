; A float vector constant with a poison lane (clang 15's SLP vectorizer
; writes `fmul <2 x double> %v, <double 0.1, double poison>` and then uses
; lane 0 only): the adjoint of %v is adj(%m) * <3, poison>, and 0 * poison
; is poison, which would spoil x1's derivative though nothing of lane 1 is
; used.  The reverse pass reads the constant with its poison lanes 0.
; f(x) = 3 x0^2 + 3 x0 x1 at x = (2, 5): df/dx = (27, 6).
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: %lli %t.out.ll | FileCheck %s
; RUN: %opt -O2 -S %t.out.ll -o %t.opt.ll
; RUN: %lli %t.opt.ll | FileCheck %s
; CHECK: 27 6

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%g %g\0A\00"

define double @f(ptr %x) {
  %v = load <2 x double>, ptr %x, align 16
  %m = fmul <2 x double> %v, <double 3.0, double poison>
  %s = shufflevector <2 x double> %m, <2 x double> poison, <2 x i32> zeroinitializer
  %p = fmul <2 x double> %s, %v
  %a = extractelement <2 x double> %p, i32 0
  %b = extractelement <2 x double> %p, i32 1
  %r = fadd double %a, %b
  ret double %r
}

define i32 @main() {
  %x = alloca <2 x double>, align 16
  %dx = alloca <2 x double>, align 16
  store <2 x double> <double 2.0, double 5.0>, ptr %x
  store <2 x double> zeroinitializer, ptr %dx
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %d = load <2 x double>, ptr %dx
  %d0 = extractelement <2 x double> %d, i32 0
  %d1 = extractelement <2 x double> %d, i32 1
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1)
  ret i32 0
}
