; A libmvec vector function whose derivative has no vector form (sinh's
; partial is cosh, which neither LLVM nor the vector ABI offers as one) is
; differentiated lane by lane: one scalar cosh per lane, with the primal
; call's fast-math flags (and none where the primal has none).
; RUN: enzyme-opt --verify %s -o - | FileCheck %s

; CHECK-LABEL: define internal {{.*}}@diffe_f(
; CHECK: %[[L0:[0-9a-z.]+]] = extractelement <2 x double> %{{[^,]+}}, i32 0
; CHECK: call fast double @cosh(double %[[L0]])
; CHECK: %[[L1:[0-9a-z.]+]] = extractelement <2 x double> %{{[^,]+}}, i32 1
; CHECK: call fast double @cosh(double %[[L1]])
; CHECK-LABEL: define internal {{.*}}@diffe_strict(
; CHECK: call double @cosh(double
; CHECK: call double @cosh(double
declare <2 x double> @_ZGVbN2v_sinh(<2 x double>)
declare double @llvm.vector.reduce.fadd.v2f64(double, <2 x double>)

define double @f(<2 x double> %x) {
  %s = call fast <2 x double> @_ZGVbN2v_sinh(<2 x double> %x)
  %r = call fast double @llvm.vector.reduce.fadd.v2f64(double 0.0, <2 x double> %s)
  ret double %r
}

declare <2 x double> @__enzyme_autodiff(...)

define double @strict(<2 x double> %x) {
  %s = call <2 x double> @_ZGVbN2v_sinh(<2 x double> %x)
  %r = call double @llvm.vector.reduce.fadd.v2f64(double 0.0, <2 x double> %s)
  ret double %r
}

define <2 x double> @grad(<2 x double> %x) {
  %d = call <2 x double> (...) @__enzyme_autodiff(ptr @f, <2 x double> %x)
  ret <2 x double> %d
}

define <2 x double> @grad_strict(<2 x double> %x) {
  %d = call <2 x double> (...) @__enzyme_autodiff(ptr @strict, <2 x double> %x)
  ret <2 x double> %d
}
