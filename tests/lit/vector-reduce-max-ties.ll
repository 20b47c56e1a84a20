; llvm.vector.reduce.fmax where lanes tie or one is NaN (what clang
; -ffast-math makes of `m = fmax(m, x[i])`: one running maximum per lane,
; reduced after the loop, so lanes holding the same maximum tie).
;   f(a, b, c) = max(a, b, a, sqrt(c)) at (3, 1, -1): sqrt(-1) is NaN, which
;   fmax ignores, so f = a; gradient (1, 0, 0); tangents along a and c: 1, 0.
; Only the first of two tied lanes is picked (both were: gradient 2, a sum of
; partials no subgradient has), and the NaN lane's NaN tangent stays out of
; the forward sum (0 * NaN made it NaN).
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: %lli %t.ll | FileCheck %s
; CHECK: {{^}}1 0 0 | 1 0{{$}}

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare double @llvm.vector.reduce.fmax.v4f64(<4 x double>)
declare double @llvm.sqrt.f64(double)
declare i32 @printf(ptr, ...)
@fmt = private constant [18 x i8] c"%g %g %g | %g %g\0A\00"

define double @f(double %a, double %b, double %c) {
  %s = call double @llvm.sqrt.f64(double %c)
  %v0 = insertelement <4 x double> undef, double %a, i32 0
  %v1 = insertelement <4 x double> %v0, double %b, i32 1
  %v2 = insertelement <4 x double> %v1, double %a, i32 2
  %v = insertelement <4 x double> %v2, double %s, i32 3
  %m = call double @llvm.vector.reduce.fmax.v4f64(<4 x double> %v)
  ret double %m
}

define i32 @main() {
  %g = call { double, double, double } (...) @__enzyme_autodiff(ptr @f, double 3.0, double 1.0, double -1.0)
  %ga = extractvalue { double, double, double } %g, 0
  %gb = extractvalue { double, double, double } %g, 1
  %gc = extractvalue { double, double, double } %g, 2
  %ta = call double (...) @__enzyme_fwddiff(ptr @f, double 3.0, double 1.0, double 1.0, double 0.0, double -1.0, double 0.0)
  %tc = call double (...) @__enzyme_fwddiff(ptr @f, double 3.0, double 0.0, double 1.0, double 0.0, double -1.0, double 1.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %ga, double %gb, double %gc, double %ta, double %tc)
  ret i32 0
}
