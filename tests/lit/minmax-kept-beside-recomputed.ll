; A min's partial goes to the operand equal to its result r.  Where r is
; kept and the operands are computed again in the reverse pass through
; llvm.fmuladd, which LLVM may fuse in one copy and not in the other, the
; two copies of an operand can differ by an ulp: r == a failed far from any
; tie and the partial went to the other operand (fuzzer seed 7242, exit 0).
; There the operands decide (a <= b, or b is NaN).  A vector max reduction
; compares its result with each lane: with the lanes computed again so, the
; result is reduced again from them.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.fmuladd.f64(double, double, double)
declare <4 x double> @llvm.fmuladd.v4f64(<4 x double>, <4 x double>, <4 x double>)
declare double @llvm.vector.reduce.fmax.v4f64(<4 x double>)
declare i32 @printf(ptr, ...)

@fmt = private constant [22 x i8] c"%g %g %g %g %g %g %g\0A\00"

define double @scalar(ptr noalias %x, double %c) {
entry:
  %v = load double, ptr %x
  %a = call double @llvm.fmuladd.f64(double %v, double 0.7, double %c)
  %sq = fmul double %a, %a
  %b = fmul double %sq, 0.3
  %h = fmul double %a, 0.5
  %r = call double @llvm.minnum.f64(double %b, double %h)
  %y = fmul double %r, %v
  store double 0.0, ptr %x
  ret double %y
}

define double @lanes(ptr noalias %x, double %c) {
entry:
  %v = load <4 x double>, ptr %x
  %s0 = insertelement <4 x double> poison, double %c, i64 0
  %s = shufflevector <4 x double> %s0, <4 x double> poison, <4 x i32> zeroinitializer
  %m = call <4 x double> @llvm.fmuladd.v4f64(<4 x double> %v, <4 x double> %s, <4 x double> <double 0.3, double 0.3, double 0.3, double 0.3>)
  %r = call double @llvm.vector.reduce.fmax.v4f64(<4 x double> %m)
  store <4 x double> zeroinitializer, ptr %x
  ret double %r
}

define i32 @main() {
entry:
  %x = alloca double
  %dx = alloca double
  store double 1.5, ptr %x
  store double 0.0, ptr %dx
  %dc = call double (...) @__enzyme_autodiff(ptr @scalar, ptr %x, ptr %dx, double 0.2)
  %g = load double, ptr %dx
  %xs = alloca <4 x double>
  %dxs = alloca <4 x double>
  store <4 x double> <double 0.5, double 2.0, double -1.0, double 1.5>, ptr %xs
  store <4 x double> zeroinitializer, ptr %dxs
  %dc2 = call double (...) @__enzyme_autodiff(ptr @lanes, ptr %xs, ptr %dxs, double 1.1)
  %d = load <4 x double>, ptr %dxs
  %d0 = extractelement <4 x double> %d, i64 0
  %d1 = extractelement <4 x double> %d, i64 1
  %d2 = extractelement <4 x double> %d, i64 2
  %d3 = extractelement <4 x double> %d, i64 3
  call i32 (ptr, ...) @printf(ptr @fmt, double %g, double %dc, double %d0, double %d1, double %d2, double %d3, double %dc2)
  ret i32 0
}

; CHECK-LABEL: define internal {{.*}}@diffe_scalar(
; CHECK: %[[A:[0-9a-z.]+]] = fcmp ole double %b.re, %h.re
; CHECK-NEXT: %[[N:[0-9a-z.]+]] = fcmp uno double %h.re, %h.re
; CHECK-NEXT: or i1 %[[A]], %[[N]]
; CHECK-NOT: fcmp oeq
; CHECK-LABEL: define internal {{.*}}@diffe_lanes(
; CHECK-NOT: %r.slot
; CHECK: %[[R:[0-9]+]] = call double @llvm.vector.reduce.fmax.v4f64(<4 x double> %m.re)
; CHECK: fcmp oeq double %{{[0-9]+}}, %[[R]]

; d/dx of min(0.3 a^2, 0.5 a) x with a = 0.7 x + c at x = 1.5, c = 0.2:
; 0.46875 + 1.5 * 0.6 * 1.25 * 0.7; d/dc 1.5 * 0.6 * 1.25.  The max of
; 1.1 x + 0.3 is at x = 2.0: d/dx (0, 1.1, 0, 0), d/dc 2.
; OUT: 1.25625 1.125 0 1.1 0 0 2
