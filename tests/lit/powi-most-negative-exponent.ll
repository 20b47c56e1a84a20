; powi's partial is n * x^(n-1), and the fused partial of powi(x, n) / n
; (ad/rule_fusion.py) is x^(n-1).  At n = INT_MIN, `n - 1` wraps to
; INT_MAX: x^INT_MAX stood in for x^(INT_MIN-1), and the derivative at
; x = 2 was -inf (inf for the quotient) where it is 0, at x = 1 + 1e-10
; off by half, both with exit status 0.  Run by lli in both modes, for an
; exponent passed in, a constant exponent, and the quotient's
; `add nuw` exponent (INT_MAX + 1, nonzero, so the fused rule applies).
; An exponent known non-negative keeps the unguarded x^(n-1)
; (powi-exponent-conversion.ll; @series below: no icmp against INT_MIN).
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; RUN: FileCheck %s < %t.ll

; CHECK-LABEL: define internal {{.*}}@diffe_series(
; CHECK-NOT: -2147483648
; CHECK: ret

; OUT: plain rev 2: 0.000000e+00
; OUT-NEXT: plain rev 1+1e-10: -1.732470e+09
; OUT-NEXT: plain fwd 2: -0.000000e+00
; OUT-NEXT: plain fwd 1+1e-10: -1.732470e+09
; OUT-NEXT: constant rev 2: 0.000000e+00
; OUT-NEXT: constant fwd 1+1e-10: -1.732470e+09
; OUT-NEXT: quotient rev 2: 0.000000e+00
; OUT-NEXT: quotient rev 1+1e-10: 8.067444e-01
; OUT-NEXT: quotient fwd 2: 0.000000e+00
; OUT-NEXT: quotient fwd 1+1e-10: 8.067444e-01
; OUT-NEXT: ordinary rev 2, 3: 1.200000e+01
; OUT-NEXT: ordinary fwd 2, -3: -1.875000e-01
; OUT-NEXT: series rev 0.5: 1.875000e+00

declare double @llvm.powi.f64.i32(double, i32)
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)

@plain.rev = private constant [15 x i8] c"plain rev %s: \00"
@plain.fwd = private constant [15 x i8] c"plain fwd %s: \00"
@constant.rev = private constant [18 x i8] c"constant rev %s: \00"
@constant.fwd = private constant [18 x i8] c"constant fwd %s: \00"
@quotient.rev = private constant [18 x i8] c"quotient rev %s: \00"
@quotient.fwd = private constant [18 x i8] c"quotient fwd %s: \00"
@ordinary.rev = private constant [18 x i8] c"ordinary rev %s: \00"
@ordinary.fwd = private constant [18 x i8] c"ordinary fwd %s: \00"
@series.rev = private constant [16 x i8] c"series rev %s: \00"
@two = private constant [2 x i8] c"2\00"
@near.one = private constant [8 x i8] c"1+1e-10\00"
@two.three = private constant [5 x i8] c"2, 3\00"
@two.minus.three = private constant [6 x i8] c"2, -3\00"
@half = private constant [4 x i8] c"0.5\00"
@value = private constant [4 x i8] c"%e\0A\00"

define double @plain(double %x, i32 %n) {
  %p = call double @llvm.powi.f64.i32(double %x, i32 %n)
  ret double %p
}

define double @constant(double %x) {
  %p = call double @llvm.powi.f64.i32(double %x, i32 -2147483648)
  ret double %p
}

; powi(x, k + 1) / (k + 1)
define double @quotient(double %x, i32 %k) {
  %n = add nuw i32 %k, 1
  %p = call double @llvm.powi.f64.i32(double %x, i32 %n)
  %c = sitofp i32 %n to double
  %q = fdiv double %p, %c
  ret double %q
}

; sum_{i=1}^{4} x^i / i: the derivative at 0.5 is 1 + 0.5 + 0.25 + 0.125
define double @series(double %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 1, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = call double @llvm.powi.f64.i32(double %x, i32 %i)
  %c = sitofp i32 %i to double
  %t = fdiv double %p, %c
  %s.next = fadd double %t, %s
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 5
  br i1 %done, label %exit, label %loop

exit:
  ret double %s.next
}

define void @show(ptr %what, ptr %at, double %d) {
  call i32 (ptr, ...) @printf(ptr %what, ptr %at)
  call i32 (ptr, ...) @printf(ptr @value, double %d)
  ret void
}

define i32 @main() {
  %a = call double (...) @__enzyme_autodiff(ptr @plain, double 2.0, i32 -2147483648)
  call void @show(ptr @plain.rev, ptr @two, double %a)
  %b = call double (...) @__enzyme_autodiff(ptr @plain, double 0x3FF000000006DF38, i32 -2147483648)
  call void @show(ptr @plain.rev, ptr @near.one, double %b)
  %c = call double (...) @__enzyme_fwddiff(ptr @plain, double 2.0, double 1.0, i32 -2147483648)
  call void @show(ptr @plain.fwd, ptr @two, double %c)
  %d = call double (...) @__enzyme_fwddiff(ptr @plain, double 0x3FF000000006DF38, double 1.0, i32 -2147483648)
  call void @show(ptr @plain.fwd, ptr @near.one, double %d)
  %e = call double (...) @__enzyme_autodiff(ptr @constant, double 2.0)
  call void @show(ptr @constant.rev, ptr @two, double %e)
  %f = call double (...) @__enzyme_fwddiff(ptr @constant, double 0x3FF000000006DF38, double 1.0)
  call void @show(ptr @constant.fwd, ptr @near.one, double %f)
  %g = call double (...) @__enzyme_autodiff(ptr @quotient, double 2.0, i32 2147483647)
  call void @show(ptr @quotient.rev, ptr @two, double %g)
  %h = call double (...) @__enzyme_autodiff(ptr @quotient, double 0x3FF000000006DF38, i32 2147483647)
  call void @show(ptr @quotient.rev, ptr @near.one, double %h)
  %i = call double (...) @__enzyme_fwddiff(ptr @quotient, double 2.0, double 1.0, i32 2147483647)
  call void @show(ptr @quotient.fwd, ptr @two, double %i)
  %j = call double (...) @__enzyme_fwddiff(ptr @quotient, double 0x3FF000000006DF38, double 1.0, i32 2147483647)
  call void @show(ptr @quotient.fwd, ptr @near.one, double %j)
  %k = call double (...) @__enzyme_autodiff(ptr @plain, double 2.0, i32 3)
  call void @show(ptr @ordinary.rev, ptr @two.three, double %k)
  %l = call double (...) @__enzyme_fwddiff(ptr @plain, double 2.0, double 1.0, i32 -3)
  call void @show(ptr @ordinary.fwd, ptr @two.minus.three, double %l)
  %m = call double (...) @__enzyme_autodiff(ptr @series, double 0.5)
  call void @show(ptr @series.rev, ptr @half, double %m)
  ret i32 0
}
