; The partials of a max or min that promised no NaNs (`fast`, `nnan`) compare
; its operands (x >= y picks x of a max, x <= y of a min): the reverse pass
; needs no max, so it does not compute one again (relu_loss's
; fmax(x[i], 0.2 * b[i]), one instruction per element).  Without the promise
; the partial still asks whether the result equals x: maxnum(x, NaN) is x,
; where x >= NaN is false, and x must get the derivative.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minnum.f64(double, double)
declare i32 @printf(ptr, ...)
@enzyme_const = external global i32

@fmt = private constant [23 x i8] c"%g %g | %g %g | %g %g\0A\00"

; sum of maxnum(x[i], 0.2 * b[i]), b inactive
define double @max_fast(ptr noalias readonly %x, ptr noalias readonly %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %w = load double, ptr %pb
  %c = fmul fast double %w, 0.2
  %m = call fast double @llvm.maxnum.f64(double %v, double %c)
  %s.next = fadd fast double %s, %m
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; CHECK-LABEL: define internal void @diffe_max_fast(
; CHECK:       invert.loop:
; CHECK-NOT:   @llvm.maxnum.f64
; CHECK:       fcmp oge double %v.re, %c.re
; CHECK-NOT:   @llvm.maxnum.f64
; CHECK:       ret void

; sum of minnum(x[i], x[i + 1]) with nnan alone, both operands active
define double @min_nnan(ptr noalias readonly %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %i.next = add nuw nsw i64 %i, 1
  %py = getelementptr inbounds double, ptr %x, i64 %i.next
  %u = load double, ptr %py
  %m = call nnan double @llvm.minnum.f64(double %v, double %u)
  %s.next = fadd double %s, %m
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; CHECK-LABEL: define internal void @diffe_min_nnan(
; CHECK:       invert.loop:
; CHECK-NOT:   @llvm.minnum.f64
; CHECK:       fcmp ole double %v.re, %u.re
; CHECK:       ret void

; No flags: the NaN operand's neighbour takes the derivative.
define double @max_plain(ptr noalias readonly %x, ptr noalias readonly %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %w = load double, ptr %pb
  %m = call double @llvm.maxnum.f64(double %v, double %w)
  %s.next = fadd double %s, %m
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; CHECK-LABEL: define internal void @diffe_max_plain(
; CHECK:       invert.loop:
; CHECK:       call double @llvm.maxnum.f64(double %v.re, double %w.re)
; CHECK:       fcmp oeq double
; CHECK:       ret void

; x = {3, -1, 3, 0.5}; b = {5, 10, NaN, 1}: 0.2 b = {1, 2, NaN, 0.2}
@x = private constant [4 x double] [double 3.0, double -1.0, double 3.0, double 0.5]
@b = private constant [4 x double] [double 5.0, double 10.0, double 0x7FF8000000000000,
                                    double 1.0]
@bf = private constant [4 x double] [double 5.0, double 10.0, double 2.0, double 1.0]

define i32 @main() {
  %da = alloca [4 x double]
  %db = alloca [4 x double]
  %dc = alloca [4 x double]
  store [4 x double] zeroinitializer, ptr %da
  store [4 x double] zeroinitializer, ptr %db
  store [4 x double] zeroinitializer, ptr %dc
  call double (...) @__enzyme_autodiff(ptr @max_fast, ptr @x, ptr %da, ptr @enzyme_const, ptr @bf, i64 4)
  call double (...) @__enzyme_autodiff(ptr @min_nnan, ptr @x, ptr %db, i64 3)
  call double (...) @__enzyme_autodiff(ptr @max_plain, ptr @x, ptr %dc, ptr @enzyme_const, ptr @b, i64 4)
  %a0p = getelementptr inbounds double, ptr %da, i64 1
  %a0 = load double, ptr %a0p
  %a1p = getelementptr inbounds double, ptr %da, i64 2
  %a1 = load double, ptr %a1p
  %b0 = load double, ptr %db
  %b1p = getelementptr inbounds double, ptr %db, i64 1
  %b1 = load double, ptr %b1p
  %c0p = getelementptr inbounds double, ptr %dc, i64 2
  %c0 = load double, ptr %c0p
  %c1p = getelementptr inbounds double, ptr %dc, i64 3
  %c1 = load double, ptr %c1p
  call i32 (ptr, ...) @printf(ptr @fmt, double %a0, double %a1, double %b0, double %b1,
                              double %c0, double %c1)
  ret i32 0
}

; max_fast: x[1] = -1 < 2 gets 0, x[2] = 3 > 0.4 gets 1.
; min_nnan: min(3, -1) and min(-1, 3) and min(3, 0.5): dx[0] = 0, dx[1] = 2.
; max_plain: maxnum(3, NaN) = 3, so x[2] gets 1; maxnum(0.5, 1) = 1: x[3] 0.
; OUT: 0 1 | 0 2 | 1 0
