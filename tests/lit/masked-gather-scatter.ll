; Gathers and scatters (what clang -O3 -march=skylake-avx512 makes of
; `x[idx[i]]`): the shadow of a vector of pointers is the same GEP on the
; shadow, a gather's tangent is a gather of the shadow, and its adjoint is
; added lane by lane in order, so lanes reading one address each add theirs.
; A scatter's adjoint is read lane by lane backwards and the shadow cleared,
; so of two lanes writing one address only the later one (which won) gets it.
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
declare <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x double>)
declare void @llvm.masked.scatter.v4f64.v4p0(<4 x double>, <4 x ptr>, i32, <4 x i1>)
declare double @llvm.vector.reduce.fadd.v4f64(double, <4 x double>)

@fmt = private constant [35 x i8] c"%g %g %g %g | %g %g %g | %g %g %g\0A\00"
@idx = private constant <4 x i64> <i64 2, i64 0, i64 2, i64 1>
@on = private constant <4 x i1> <i1 true, i1 true, i1 true, i1 false>

; sum over lanes k with on[k] of x[idx[k]]^2: x2 twice, x0 once (lane 3 off)
define double @gathered(ptr %x) {
  %ix = load <4 x i64>, ptr @idx, align 8
  %m = load <4 x i1>, ptr @on, align 8
  %ps = getelementptr inbounds double, ptr %x, <4 x i64> %ix
  %v = call <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr> %ps, i32 8, <4 x i1> %m, <4 x double> zeroinitializer)
  %sq = fmul <4 x double> %v, %v
  %s = call double @llvm.vector.reduce.fadd.v4f64(double 0.0, <4 x double> %sq)
  ret double %s
}

; y[idx[k]] = 10^k * x[k] for lanes on: y[2] is written by lanes 0 and 2,
; lane 2 wins; y[0] by lane 1; lane 3 is off.
define void @scattered(ptr %x, ptr %y) {
  %ix = load <4 x i64>, ptr @idx, align 8
  %m = load <4 x i1>, ptr @on, align 8
  %xv = load <4 x double>, ptr %x, align 8
  %v = fmul <4 x double> %xv, <double 1.0, double 10.0, double 100.0, double 1000.0>
  %ps = getelementptr inbounds double, ptr %y, <4 x i64> %ix
  call void @llvm.masked.scatter.v4f64.v4p0(<4 x double> %v, <4 x ptr> %ps, i32 8, <4 x i1> %m)
  ret void
}

; CHECK-LABEL: define internal {{.*}}@diffe_gathered(
; CHECK: getelementptr inbounds double, ptr %{{[^,]+}}, <4 x i64>
; CHECK: masked.scratch
; CHECK-LABEL: define internal {{.*}}@fwddiffe_gathered(
; CHECK: call <4 x double> @llvm.masked.gather.v4f64.v4p0(

define i32 @main() {
  %x = alloca [4 x double]
  %dx = alloca [4 x double]
  %y = alloca [4 x double]
  %dy = alloca [4 x double]
  store <4 x double> <double 1.0, double 2.0, double 3.0, double 4.0>, ptr %x, align 8
  store <4 x double> zeroinitializer, ptr %dx, align 8
  %r = call double (...) @__enzyme_autodiff(ptr @gathered, ptr %x, ptr %dx)
  %dv = load <4 x double>, ptr %dx, align 8
  %d0 = extractelement <4 x double> %dv, i32 0
  %d1 = extractelement <4 x double> %dv, i32 1
  %d2 = extractelement <4 x double> %dv, i32 2
  %d3 = extractelement <4 x double> %dv, i32 3
  ; tangent along (1, 1, 1, 1): 2 x0 + 4 x2
  store <4 x double> <double 1.0, double 1.0, double 1.0, double 1.0>, ptr %dx, align 8
  %t = call double (...) @__enzyme_fwddiff(ptr @gathered, ptr %x, ptr %dx)
  ; reverse of the scatter with dy = (1, 2, 3, 4)
  store <4 x double> zeroinitializer, ptr %dx, align 8
  store <4 x double> <double 1.0, double 2.0, double 3.0, double 4.0>, ptr %dy, align 8
  call double (...) @__enzyme_autodiff(ptr @scattered, ptr %x, ptr %dx, ptr %y, ptr %dy)
  %sv = load <4 x double>, ptr %dx, align 8
  %s0 = extractelement <4 x double> %sv, i32 0
  %s1 = extractelement <4 x double> %sv, i32 1
  %s2 = extractelement <4 x double> %sv, i32 2
  ; tangent of the scatter along (1, 1, 1, 1): dy = (10, 0, 100, 0)
  store <4 x double> <double 1.0, double 1.0, double 1.0, double 1.0>, ptr %dx, align 8
  store <4 x double> zeroinitializer, ptr %dy, align 8
  call double (...) @__enzyme_fwddiff(ptr @scattered, ptr %x, ptr %dx, ptr %y, ptr %dy)
  %fv = load <4 x double>, ptr %dy, align 8
  %f0 = extractelement <4 x double> %fv, i32 0
  %f1 = extractelement <4 x double> %fv, i32 1
  %f2 = extractelement <4 x double> %fv, i32 2
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2, double %d3, double %s0, double %s1, double %s2, double %f0, double %f1, double %f2)
  %tv = fcmp oeq double %t, 14.0
  %code = select i1 %tv, i32 0, i32 1
  ret i32 %code
}
; d gathered = (2 x0, 0, 4 x2, 0); scatter: dx0 = 0 (lane 0 lost to lane 2),
; dx1 = 10 dy0, dx2 = 100 dy2
; OUT: 2 0 12 0 | 0 10 300 | 10 0 100
