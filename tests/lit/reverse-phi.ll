; The adjoint of a phi: the reverse of the join block dispatches on the
; index of the predecessor it was entered from, handing the phi's adjoint
; to the incoming value of the edge taken.  Where the join closes the two
; arms of a `br i1 %c`, the index is computed from %c: in @f the fcmp is
; recorded (once, outside any loop), in @g's loop `i == 0` is recomputed
; from the counter and nothing goes on the tape per iteration.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

; f(x) = x > 0 ? 3x : x * x
define double @f(double %x) {
entry:
  %pos = fcmp ogt double %x, 0.0
  br i1 %pos, label %then, label %else

then:
  %a = fmul double %x, 3.0
  br label %join

else:
  %b = fmul double %x, %x
  br label %join

join:
  %r = phi double [ %a, %then ], [ %b, %else ]
  ret double %r
}

; g(x, n) = x^n, by a loop whose first iteration skips the multiply
define double @g(double %x, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %join ]
  %acc = phi double [ 1.0, %entry ], [ %acc.next, %join ]
  %first = icmp eq i64 %i, 0
  br i1 %first, label %join, label %more

more:
  %m = fmul double %acc, %x
  br label %join

join:
  %acc.next = phi double [ %x, %loop ], [ %m, %more ]
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret double %acc.next
}

define i32 @main() {
  %p = call double (...) @__enzyme_autodiff(ptr @f, double 2.0)
  %n = call double (...) @__enzyme_autodiff(ptr @f, double -1.5)
  %c = call double (...) @__enzyme_autodiff(ptr @g, double 2.0, i64 3)
  call i32 (ptr, ...) @printf(ptr @fmt, double %p, double %n, double %c)
  ret i32 0
}

; CHECK-LABEL: define internal double @diffe_f(double %x, double %differet)
; CHECK: store i1 %pos, ptr %pos.slot
; CHECK: join:
; CHECK-NEXT: %r = phi double
; CHECK-NEXT: %arm.false = xor i1 %pos, true
; CHECK-NEXT: %pred.index = zext i1 %arm.false to i8
; CHECK: invert.join.tape:
; CHECK-NEXT: %pos.rev = load i1, ptr %pos.slot
; CHECK-NEXT: %arm.false.re = xor i1 %pos.rev, true
; CHECK-NEXT: %[[IDX:.*]] = zext i1 %arm.false.re to i8
; CHECK-NEXT: switch i8 %[[IDX]], label %invert.join.from.then [
; CHECK-NEXT: i8 1, label %invert.join.from.else
; CHECK: invert.join.from.then:
; CHECK: store double {{.*}}, ptr %a.adj
; CHECK-NEXT: br label %invert.then
; CHECK: invert.join.from.else:
; CHECK: store double {{.*}}, ptr %b.adj
; CHECK-NEXT: br label %invert.else

; CHECK-LABEL: define internal double @diffe_g(double %x, i64 %n, double %differet)
; CHECK-NOT: pred.index{{.*}}.slot
; CHECK: call ptr @enzyme_opt.tape.push{{(.reserved)?}}(ptr %tape, i64 8)
; CHECK-NEXT: %saved = load double, ptr %acc.slot
; CHECK-NOT: call ptr @enzyme_opt.tape.push
; CHECK: join:
; CHECK: %pred.index{{.*}} = zext i1 %{{first|arm.false}} to i8
; CHECK-NOT: pred.index{{.*}}.slot
; CHECK: invert.join.tape:
; CHECK: %first.re = icmp eq i64
; CHECK-NOT: pred.index{{.*}}.slot
; CHECK: ret double
; OUT: {{^}}3 -3 12{{$}}
