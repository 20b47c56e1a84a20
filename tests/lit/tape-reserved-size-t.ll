; Loops bounded by a 64-bit (size_t) count, the shape of `for (int i = 0;
; i < n; i++)` with n a size_t after clang -O2 (logsumexp): their reserve's
; byte count saturates, asking for 2^62 bytes (more than any address space:
; the realloc fails and the tape's growth aborts) when n - 0 exceeds 2^40,
; so that (n + 1) * bytes can never wrap to a short reserve.  The second
; loop is entered straight from the first's latch: its reserve goes on a
; block of its own on that edge (run.entry), not into the first loop where
; it would run on every iteration.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; n = 2^41: the reserve asks for 2^62 bytes and the growth aborts before
; the first push (exit status 0 would mean it ran on from a short reserve).
; RUN: not --crash %lli %t.ll huge

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define double @two_runs(double %x, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %first

first:
  %i = phi i64 [ 0, %entry ], [ %i.next, %first ]
  %t = phi double [ 1.0, %entry ], [ %t.next, %first ]
  %t.next = fmul double %t, %x
  %i.next = add nuw nsw i64 %i, 1
  %first.done = icmp eq i64 %i.next, %n
  br i1 %first.done, label %second, label %first

second:
  %j = phi i64 [ 0, %first ], [ %j.next, %second ]
  %u = phi double [ %t.next, %first ], [ %u.next, %second ]
  %u.sq = fmul double %u, %u
  %u.next = fmul double %u.sq, %x
  %j.next = add nuw nsw i64 %j, 1
  %second.done = icmp eq i64 %j.next, %n
  br i1 %second.done, label %exit, label %second

exit:
  %r = phi double [ 1.0, %entry ], [ %u.next, %second ]
  ret double %r
}

define i32 @main(i32 %argc, ptr %argv) {
  %more = icmp sgt i32 %argc, 1
  br i1 %more, label %huge, label %small

huge:
  %h = call double (...) @__enzyme_autodiff(ptr @two_runs, double 1.25, i64 2199023255552)
  ret i32 0

small:
  %a = call double (...) @__enzyme_autodiff(ptr @two_runs, double 1.25, i64 2)
  %b = call double (...) @__enzyme_autodiff(ptr @two_runs, double 1.25, i64 0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %b)
  ret i32 0
}

; CHECK-LABEL: define internal double @diffe_two_runs(
; CHECK: entry:
; CHECK: %run.huge = icmp ugt i64 %run.left, 1099511627776
; CHECK: %run.room = select i1 %run.huge, i64 4611686018427387904, i64 %run.bytes
; CHECK-NEXT: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.room)
; CHECK-NEXT: br i1 %empty, label %exit, label %first
; CHECK: first:
; CHECK-NOT: @enzyme_opt.tape.reserve
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK-NOT: @enzyme_opt.tape.reserve
; CHECK: br i1 %first.done, label %run.entry, label %first
; CHECK: run.entry:
; CHECK: %run.huge.1 = icmp ugt i64 %run.left.1, 1099511627776
; CHECK: call void @enzyme_opt.tape.reserve(ptr %tape, i64 %run.room.1)
; CHECK-NEXT: br label %second
; CHECK: second:
; CHECK-NEXT: %j = phi i64 [ 0, %run.entry ], [ %j.next, %second ]
; CHECK-NOT: call ptr @enzyme_opt.tape.push(
; CHECK: call ptr @enzyme_opt.tape.push.reserved(ptr %tape, i64 8)
; CHECK: br i1 %second.done, label %exit, label %second

; The tape's growth stops where realloc gives no memory.
; (C convention, no triple: it returns the new base, tape.py `_grow_returns`.)
; CHECK-LABEL: define internal noalias ptr @enzyme_opt.tape.grow(
; CHECK: %new.base = call ptr @realloc(
; CHECK-NEXT: %no.room = icmp eq ptr %new.base, null
; CHECK-NEXT: br i1 %no.room, label %failed, label %kept
; CHECK: failed:
; CHECK-NEXT: call void @abort()
; CHECK-NEXT: unreachable

; n = 2: t = x^2, u = ((x^2)^2 x)^2 x = x^11,
; d/dx = 11 x^10 at 1.25; n = 0: the function is 1
; OUT: 102.445 0
