; A running maximum `m = max(m, x[i])` over memory the function never
; writes tapes m alone: the reverse pass reloads x[i] and computes the max
; again (or, where it promised no NaNs, only compares m with x[i]), one
; tape entry per element instead of two (the reference's
; logsumexp benchmark under -ffast-math).  Only where the recomputed max
; returns the operand the forward one returned: llvm.maximum and
; llvm.minimum always, maxnum and minnum where `nsz` makes the sign of a
; zero insignificant (they may return either zero of +0 beside -0).  A max
; of two values of its loop's own block (one computed, not at hand) stays
; taped.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @llvm.sin.f64(double)
declare i32 @printf(ptr, ...)

@fmt = private constant [29 x i8] c"%g %ld %g %ld %g %ld %g %ld\0A\00"

define double @max_fast(ptr noalias readonly %x, i64 %n) {
entry:
  %x0 = load double, ptr %x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = phi double [ %x0, %entry ], [ %m.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %m.next = call fast double @llvm.maxnum.f64(double %m, double %v)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %m.next
}

; CHECK-LABEL: define internal void @diffe_max_fast(
; CHECK:       loop:
; CHECK:       call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK-NOT:   store double %m.next, ptr
; CHECK:       invert.loop:
; A max that promised no NaNs picks m where m >= v: its partials need no max.
; CHECK-NOT:   @llvm.maxnum.f64
; CHECK:       fcmp oge double %m.rev, %v.re
; CHECK-NOT:   @llvm.maxnum.f64
; CHECK:       ret void

define double @min_nsz(ptr noalias readonly %x, i64 %n) {
entry:
  %x0 = load double, ptr %x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = phi double [ %x0, %entry ], [ %m.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %m.next = call nsz double @llvm.minnum.f64(double %m, double %v)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %m.next
}

; CHECK-LABEL: define internal void @diffe_min_nsz(
; CHECK:       call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK:       %m.next.re = call nsz double @llvm.minnum.f64(double %m.rev, double %v.re)

define double @maximum_plain(ptr noalias readonly %x, i64 %n) {
entry:
  %x0 = load double, ptr %x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = phi double [ %x0, %entry ], [ %m.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %m.next = call double @llvm.maximum.f64(double %m, double %v)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %m.next
}

; CHECK-LABEL: define internal void @diffe_maximum_plain(
; CHECK:       call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK:       %m.next.re = call double @llvm.maximum.f64(double %m.rev, double %v.re)

; No flags: maxnum(-0, +0) may be either zero, so the max is taped.
define double @max_plain(ptr noalias readonly %x, i64 %n) {
entry:
  %x0 = load double, ptr %x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = phi double [ %x0, %entry ], [ %m.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %m.next = call double @llvm.maxnum.f64(double %m, double %v)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %m.next
}

; CHECK-LABEL: define internal void @diffe_max_plain(
; CHECK:       call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 16)
; CHECK-NOT:   @llvm.maxnum.f64(double %m.rev
; CHECK:       ret void

; sin(x[i]) is no value at hand: recomputing the max would need both m and
; s from the tape, so the max is taped (beside m) instead.  The third entry
; is cos(x[i]), computed beside the sin the max needs (cache_policy
; `partner_in_forward`: one sincos, no cos call in reverse).
define double @max_of_sine(ptr noalias readonly %x, i64 %n) {
entry:
  %x0 = load double, ptr %x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = phi double [ %x0, %entry ], [ %m.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s = call fast double @llvm.sin.f64(double %v)
  %m.next = call fast double @llvm.maxnum.f64(double %m, double %s)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %m.next
}

; CHECK-LABEL: define internal void @diffe_max_of_sine(
; CHECK:       call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 24)
; CHECK-NOT:   @llvm.maxnum.f64(double %m.rev
; CHECK:       ret void

; x = {3, -1, 3, -2, 3, 0.5}: one of the three 3s takes a max's derivative,
; the -2 min's; printed: the sum of each gradient and its nonzero count.
@x = private constant [6 x double] [double 3.0, double -1.0, double 3.0, double -2.0,
                                    double 3.0, double 0.5]

; The sum of dx[0..6) and how many are nonzero.
define { double, i64 } @summary(ptr %dx) {
entry:
  br label %sum
sum:
  %k = phi i64 [ 0, %entry ], [ %k.next, %sum ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %sum ]
  %c = phi i64 [ 0, %entry ], [ %c.next, %sum ]
  %pk = getelementptr inbounds double, ptr %dx, i64 %k
  %dk = load double, ptr %pk
  %s.next = fadd double %s, %dk
  %nz = fcmp une double %dk, 0.0
  %nz.i = zext i1 %nz to i64
  %c.next = add i64 %c, %nz.i
  %k.next = add i64 %k, 1
  %end = icmp eq i64 %k.next, 6
  br i1 %end, label %out, label %sum
out:
  %r0 = insertvalue { double, i64 } poison, double %s.next, 0
  %r1 = insertvalue { double, i64 } %r0, i64 %c.next, 1
  ret { double, i64 } %r1
}

define i32 @main() {
  %da = alloca [6 x double]
  %db = alloca [6 x double]
  %dc = alloca [6 x double]
  %dd = alloca [6 x double]
  %de = alloca [6 x double]
  store [6 x double] zeroinitializer, ptr %da
  store [6 x double] zeroinitializer, ptr %db
  store [6 x double] zeroinitializer, ptr %dc
  store [6 x double] zeroinitializer, ptr %dd
  call double (...) @__enzyme_autodiff(ptr @max_fast, ptr @x, ptr %da, i64 6)
  call double (...) @__enzyme_autodiff(ptr @min_nsz, ptr @x, ptr %db, i64 6)
  call double (...) @__enzyme_autodiff(ptr @maximum_plain, ptr @x, ptr %dc, i64 6)
  call double (...) @__enzyme_autodiff(ptr @max_plain, ptr @x, ptr %dd, i64 6)
  call double (...) @__enzyme_autodiff(ptr @max_of_sine, ptr @x, ptr %de, i64 6)
  %a = call { double, i64 } @summary(ptr %da)
  %b = call { double, i64 } @summary(ptr %db)
  %c = call { double, i64 } @summary(ptr %dc)
  %d = call { double, i64 } @summary(ptr %dd)
  %a0 = extractvalue { double, i64 } %a, 0
  %a1 = extractvalue { double, i64 } %a, 1
  %b0 = extractvalue { double, i64 } %b, 0
  %b1 = extractvalue { double, i64 } %b, 1
  %c0 = extractvalue { double, i64 } %c, 0
  %c1 = extractvalue { double, i64 } %c, 1
  %d0 = extractvalue { double, i64 } %d, 0
  %d1 = extractvalue { double, i64 } %d, 1
  call i32 (ptr, ...) @printf(ptr @fmt, double %a0, i64 %a1, double %b0, i64 %b1, double %c0,
                              i64 %c1, double %d0, i64 %d1)
  ret i32 0
}

; OUT: 1 1 1 1 1 1 1 1
