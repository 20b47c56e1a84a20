; A loop whose trip count is bounded before it starts (the counter steps by
; 2 without unsigned wrap, `nuw`, while below n): room for all its pushes
; is made once in its preheader, and the pushes inside take it without a
; capacity check (no grow call in the loop).  The same loop whose counter
; may wrap keeps its checked push: its iterations are not bounded by n.
; The preheader's branch skips the loop when n is 0, whose room is one
; iteration's: asked for on both paths.  A guard that skips it for other
; n (n >= 50: the room for n would be asked for, and for n near 2^32 a
; failed realloc) asks for it only on the path that enters.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

define double @stepped(double %x, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  %t.next = fmul double %t, %x
  %i.next = add nuw i32 %i, 2
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %r = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  ret double %r
}

define double @wrapping(double %x, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  %t.next = fmul double %t, %x
  %i.next = add i32 %i, 2
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %r = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  ret double %r
}

; The stepped loop again, inside a loop that tapes its own values: its
; reserve is paid on every outer iteration, once per run of n/2 iterations
; that then push unchecked (a stencil sweep inside a time loop).  With a
; short constant count (@nested_short: 3 iterations, hand's product loop)
; the reserve would cost more than the checks it saves: checked pushes.
define double @nested(double %x, i32 %n) {
entry:
  br label %outer

outer:
  %k = phi i32 [ 0, %entry ], [ %k.next, %outer.latch ]
  %u = phi double [ 1.0, %entry ], [ %u.next, %outer.latch ]
  %u.sq = fmul double %u, %x
  br label %loop

loop:
  %i = phi i32 [ 0, %outer ], [ %i.next, %loop ]
  %t = phi double [ %u.sq, %outer ], [ %t.next, %loop ]
  %t.next = fmul double %t, %x
  %i.next = add nuw i32 %i, 2
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %outer.latch

outer.latch:
  %u.next = fmul double %t.next, 0.5
  %k.next = add nuw i32 %k, 1
  %again = icmp ult i32 %k.next, 2
  br i1 %again, label %outer, label %exit

exit:
  ret double %u.next
}

define double @nested_short(double %x, i32 %n) {
entry:
  br label %outer

outer:
  %k = phi i32 [ 0, %entry ], [ %k.next, %outer.latch ]
  %u = phi double [ 1.0, %entry ], [ %u.next, %outer.latch ]
  %u.sq = fmul double %u, %x
  br label %loop

loop:
  %i = phi i32 [ 0, %outer ], [ %i.next, %loop ]
  %t = phi double [ %u.sq, %outer ], [ %t.next, %loop ]
  %t.next = fmul double %t, %x
  %i.next = add nuw i32 %i, 2
  %more = icmp ult i32 %i.next, 6
  br i1 %more, label %loop, label %outer.latch

outer.latch:
  %u.next = fmul double %t.next, 0.5
  %k.next = add nuw i32 %k, 1
  %again = icmp ult i32 %k.next, 2
  br i1 %again, label %outer, label %exit

exit:
  ret double %u.next
}

define double @guarded(double %x, i32 %n) {
entry:
  %big = icmp uge i32 %n, 50
  br i1 %big, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  %t.next = fmul double %t, %x
  %i.next = add nuw i32 %i, 2
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %r = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  ret double %r
}

; The vectorizer's loop: the counter steps by 2 without unsigned wrap until
; it equals n rounded down to an even number.  Stepping past that bound it
; could only go on by wrapping, which `nuw` makes poison (a branch on it
; undefined), so its iterations are bounded by n as in @stepped: reserved.
; Without the flag (@vector_eq_wrapping) the counter still meets the bound
; (both multiples of 2), but only after wrapping all the way round where a
; run is entered with the bound at 0: reserved from the first value tested,
; 2, so that such a run asks for 2^62 bytes and aborts
; (tape-reserved-wrapping-counter.ll).
define double @vector_eq(double %x, i32 %n) {
entry:
  %nvec = and i32 %n, -2
  %empty = icmp eq i32 %nvec, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  %t.next = fmul double %t, %x
  %i.next = add nuw i32 %i, 2
  %done = icmp eq i32 %i.next, %nvec
  br i1 %done, label %exit, label %loop

exit:
  %r = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  ret double %r
}

define double @vector_eq_wrapping(double %x, i32 %n) {
entry:
  %nvec = and i32 %n, -2
  %empty = icmp eq i32 %nvec, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  %t.next = fmul double %t, %x
  %i.next = add i32 %i, 2
  %done = icmp eq i32 %i.next, %nvec
  br i1 %done, label %exit, label %loop

exit:
  %r = phi double [ 1.0, %entry ], [ %t.next, %loop ]
  ret double %r
}

define i32 @main() {
  %a = call double (...) @__enzyme_autodiff(ptr @stepped, double 1.5, i32 7)
  %b = call double (...) @__enzyme_autodiff(ptr @wrapping, double 1.5, i32 7)
  %c = call double (...) @__enzyme_autodiff(ptr @nested, double 1.5, i32 7)
  %g = call double (...) @__enzyme_autodiff(ptr @guarded, double 1.5, i32 -1)
  %h = call double (...) @__enzyme_autodiff(ptr @guarded, double 1.5, i32 7)
  %s = call double (...) @__enzyme_autodiff(ptr @nested_short, double 1.5, i32 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %b, double %c)
  call i32 (ptr, ...) @printf(ptr @fmt, double %g, double %h, double %s)
  %v8 = call double (...) @__enzyme_autodiff(ptr @vector_eq, double 1.5, i32 8)
  %v7 = call double (...) @__enzyme_autodiff(ptr @vector_eq, double 1.5, i32 7)
  %w8 = call double (...) @__enzyme_autodiff(ptr @vector_eq_wrapping, double 1.5, i32 8)
  call i32 (ptr, ...) @printf(ptr @fmt, double %v8, double %v7, double %w8)
  ret i32 0
}

; CHECK-LABEL: define internal double @diffe_stepped(
; CHECK: entry:
; CHECK: %run.bytes = mul i64 %run.iterations, 8
; CHECK-NEXT: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.bytes)
; CHECK-NEXT: br i1 %empty, label %exit, label %loop
; CHECK: loop:
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK: br i1 %more, label %loop, label %exit

; CHECK-LABEL: define internal double @diffe_wrapping(
; CHECK-NOT: @enzyme_opt.tape.reserve
; CHECK: loop:
; CHECK: call ptr @enzyme_opt.tape.push(ptr %tape, i64 {{[0-9]+}})
; CHECK-NOT: @enzyme_opt.tape.push.reserved
; CHECK: ret double

; The inner loop's reserve, where each outer iteration makes it, covers that
; iteration's own pushes after it too (16 bytes: u's and the counter's saves).
; CHECK-LABEL: define internal double @diffe_nested(
; CHECK: outer:
; CHECK: %run.with.iteration = add i64 %run.bytes, 16
; CHECK-NEXT: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.with.iteration)
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: loop:
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK: ret double

; CHECK-LABEL: define internal double @diffe_guarded(
; CHECK: entry:
; CHECK: %run.bytes = mul i64 %run.iterations, 8
; CHECK-NEXT: %run.entered = select i1 %big, i64 0, i64 %run.bytes
; CHECK-NEXT: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.entered)
; CHECK-NEXT: br i1 %big, label %exit, label %loop
; CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)

; CHECK-LABEL: define internal double @diffe_nested_short(
; CHECK-NOT: @enzyme_opt.tape.reserve
; CHECK: loop:
; CHECK: call ptr @enzyme_opt.tape.push(ptr %tape, i64 {{[0-9]+}})
; CHECK-NOT: @enzyme_opt.tape.push.reserved
; CHECK: ret double

; CHECK-LABEL: define internal double @diffe_vector_eq(
; CHECK: entry:
; CHECK: %run.bytes = mul i64 %run.iterations, 8
; CHECK: call void @enzyme_opt.tape.reserve(ptr %tape,
; CHECK: loop:
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK: ret double

; CHECK-LABEL: define internal double @diffe_vector_eq_wrapping(
; CHECK: %run.span = sub i32 %nvec, 2
; CHECK: call void @enzyme_opt.tape.reserve(ptr %tape,
; CHECK: loop:
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 {{[0-9]+}})
; CHECK: ret double

; d/dx x^4 at 1.5, both ways: 4 * 1.5^3; nested: x^10 / 4, so 2.5 x^9
; OUT: 13.5 13.5 96.1084
; guarded: n = 2^32 - 1 skips the loop (derivative 0), n = 7 is x^4;
; nested_short: x^8 / 4, so 2 x^7
; OUT-NEXT: 0 13.5 34.1719
; vector_eq: n = 8 runs 4 iterations (x^4), n = 7 runs 3 (x^3: 3 x^2)
; OUT-NEXT: 13.5 6.75 13.5

