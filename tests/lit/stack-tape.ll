; A gradient whose calls push at most a constant number of bytes keeps its
; tape in its own frame, sized by that bound (tape.init_stack_tape): no
; thread-local spare is taken or handed back, nothing is freed.  @fixed
; pushes two doubles in each of the 4 iterations of its loop (64 bytes: s,
; and cos(s * x), computed beside the sin the next iteration needs,
; cache_policy `partner_in_forward`) after a reserve before the loop that
; asks for room for 5 (80 bytes, counted besides the pushes): 144 bytes.  Its loop's count varying, @varying keeps
; the thread's heap tape.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

target triple = "x86_64-pc-linux-gnu"

declare double @__enzyme_autodiff(...)
declare double @llvm.sin.f64(double)
declare i32 @printf(ptr, ...)

@fmt = private constant [6 x i8] c"%.9f\0A\00"

; s = sin(s * x), 4 times, from s = x
define double @fixed(double %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ %x, %entry ], [ %s.next, %loop ]
  %m = fmul double %s, %x
  %s.next = call double @llvm.sin.f64(double %m)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 4
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; the same, n times
define double @varying(double %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ %x, %entry ], [ %s.next, %loop ]
  %m = fmul double %s, %x
  %s.next = call double @llvm.sin.f64(double %m)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

define i32 @main() {
  %a = call double (...) @__enzyme_autodiff(ptr @fixed, double 0.7)
  %b = call double (...) @__enzyme_autodiff(ptr @varying, double 0.7, i64 4)
  %c = call double (...) @__enzyme_autodiff(ptr @fixed, double 0.7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a)
  call i32 (ptr, ...) @printf(ptr @fmt, double %b)
  call i32 (ptr, ...) @printf(ptr @fmt, double %c)
  ret i32 0
}

; CHECK-LABEL: define internal double @diffe_fixed(
; CHECK:       %tape = alloca { ptr, i64, i64 }
; CHECK-NEXT:  %tape.stack = alloca [144 x i8], align 16
; CHECK-NOT:   @enzyme_opt.tape.spare
; CHECK-NOT:   @enzyme_opt.tape.release
; CHECK-NOT:   call void @free
; CHECK:       ret double
; CHECK-LABEL: define internal double @diffe_varying(
; CHECK-NOT:   %tape.stack
; CHECK:       %spare.base = load ptr, ptr %{{.*}}
; CHECK:       call void @enzyme_opt.tape.release(ptr %tape)
; CHECK-NEXT:  ret double
; OUT: 1.035589625
; OUT-NEXT: 1.035589625
; OUT-NEXT: 1.035589625
