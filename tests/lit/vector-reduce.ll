; Vector reductions in both modes, from one table of partials
; (ad/reductions.py): fmul (products of all other lanes), fadd, fmax.
;   f(a,b,c,d) = 2abcd + (a+b+c+d) + max(a,b,c,d) at (1, 2, 3, 0.5):
;   gradient (7, 4, 4, 13); forward tangents along a and c: 7 and 4.
; RUN: enzyme-opt %s -o %t.ll
; RUN: %lli %t.ll | FileCheck %s
; CHECK: {{^}}7 4 4 13 | 7 4{{$}}

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare double @llvm.vector.reduce.fmul.v4f64(double, <4 x double>)
declare double @llvm.vector.reduce.fadd.v4f64(double, <4 x double>)
declare double @llvm.vector.reduce.fmax.v4f64(<4 x double>)
declare i32 @printf(ptr, ...)
@fmt = private constant [21 x i8] c"%g %g %g %g | %g %g\0A\00"

; f(a,b,c,d) = 2*(a*b*c*d) + (a+b+c+d) + max(a,b,c,d)
define double @f(double %a, double %b, double %c, double %d) {
  %v0 = insertelement <4 x double> undef, double %a, i32 0
  %v1 = insertelement <4 x double> %v0, double %b, i32 1
  %v2 = insertelement <4 x double> %v1, double %c, i32 2
  %v = insertelement <4 x double> %v2, double %d, i32 3
  %p = call double @llvm.vector.reduce.fmul.v4f64(double 2.0, <4 x double> %v)
  %s = call double @llvm.vector.reduce.fadd.v4f64(double 0.0, <4 x double> %v)
  %m = call double @llvm.vector.reduce.fmax.v4f64(<4 x double> %v)
  %ps = fadd double %p, %s
  %r = fadd double %ps, %m
  ret double %r
}

define i32 @main() {
  %g = call { double, double, double, double } (...) @__enzyme_autodiff(ptr @f, double 1.0, double 2.0, double 3.0, double 0.5)
  %ga = extractvalue { double, double, double, double } %g, 0
  %gb = extractvalue { double, double, double, double } %g, 1
  %gc = extractvalue { double, double, double, double } %g, 2
  %gd = extractvalue { double, double, double, double } %g, 3
  %ta = call double (...) @__enzyme_fwddiff(ptr @f, double 1.0, double 1.0, double 2.0, double 0.0, double 3.0, double 0.0, double 0.5, double 0.0)
  %tc = call double (...) @__enzyme_fwddiff(ptr @f, double 1.0, double 0.0, double 2.0, double 0.0, double 3.0, double 1.0, double 0.5, double 0.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %ga, double %gb, double %gc, double %gd, double %ta, double %tc)
  ret i32 0
}
