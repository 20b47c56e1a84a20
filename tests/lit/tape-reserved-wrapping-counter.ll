; A loop left when a counter without nuw or nsw meets its bound: the
; unroller's `niter += 2` up to n rounded down to a multiple of 2 (clang -O3,
; perfhunt argmax: the tape was grown by a checked push per iteration, 1.03
; of the reference's instructions; 0.90 with the room made before the loop).
; The increment may wrap, so the count is taken as exact: the first value the
; test reads is 2, and a run entered with the bound at 0 would meet it only
; after wrapping, 2^63 iterations: its span 0 - 2 asks for 2^62 bytes, and
; the tape's growth aborts before the first push instead of overrunning a
; short reserve.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; RUN: not --crash %lli %t.ll wraps

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

; x^(2 * (n / 2)), the empty run skipped by the guard clang leaves
define double @guarded(double %x, i64 %n) {
entry:
  %half = and i64 %n, -2
  %none = icmp eq i64 %half, 0
  br i1 %none, label %exit, label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  %a = fmul double %t, %x
  %t.next = fmul double %a, %x
  %k.next = add i64 %k, 2
  %done = icmp eq i64 %k.next, %half
  br i1 %done, label %exit, label %loop
exit:
  %r = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  ret double %r
}

; the same loop with no guard: entered with n = 0 it would wrap
define double @unguarded(double %x, i64 %n) {
entry:
  %half = and i64 %n, -2
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  %a = fmul double %t, %x
  %t.next = fmul double %a, %x
  %k.next = add i64 %k, 2
  %done = icmp eq i64 %k.next, %half
  br i1 %done, label %exit, label %loop
exit:
  ret double %t.next
}

define i32 @main(i32 %argc, ptr %argv) {
  %more = icmp sgt i32 %argc, 1
  br i1 %more, label %wraps, label %fine

wraps:
  %w = call double (...) @__enzyme_autodiff(ptr @unguarded, double 1.25, i64 1)
  ret i32 0

fine:
  %a = call double (...) @__enzyme_autodiff(ptr @guarded, double 1.25, i64 7)
  %b = call double (...) @__enzyme_autodiff(ptr @guarded, double 1.25, i64 1)
  %c = call double (...) @__enzyme_autodiff(ptr @unguarded, double 1.25, i64 4)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %b, double %c)
  ret i32 0
}

; CHECK-LABEL: define internal double @diffe_unguarded(
; CHECK: %run.span = sub i64 %half, 2
; CHECK: %run.room = select i1 %run.unmet, i64 4611686018427387904, i64 %run.bytes
; CHECK: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.room)
; CHECK-LABEL: define internal double @diffe_guarded(
; CHECK: %run.span = sub i64 %half, 2
; CHECK: %run.entered = select i1 %none, i64 0, i64 %run.room
; CHECK: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.entered)
; CHECK: loop:
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: call ptr @enzyme_opt.tape.push.reserved(

; d/dx x^6 = 6 x^5 at 1.25; x^0 has none; d/dx x^4 = 4 x^3
; OUT: 18.3105 0 7.8125
