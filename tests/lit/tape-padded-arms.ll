; The arms of a branch push as many bytes as the longest (instrument.pad_arms):
; in @arms the loop pushes 4 pairs of doubles (64 bytes: s, and cos(s * x),
; computed beside the sin, cache_policy `partner_in_forward`), the other arm
; nothing, so the other arm pushes 64 bytes that its reverse pops, and the
; entries after the join sit at one offset whichever arm ran (LLVM can then
; keep a stack tape in registers).  The tape's bound counts the padding:
; 144 + 64 bytes.
; In @in_loop the same branch is inside a loop: the join runs every
; iteration, the padding would be paid each time, and there is none.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

target triple = "x86_64-pc-linux-gnu"

declare double @__enzyme_autodiff(...)
declare double @llvm.sin.f64(double)
declare double @llvm.cos.f64(double)
declare i32 @printf(ptr, ...)

@fmt = private constant [6 x i8] c"%.9f\0A\00"

; cos(s) after s = sin(s * x) 4 times from s = x, or cos(x * x)
define double @arms(double %x, i1 %c) {
entry:
  br i1 %c, label %loop, label %other
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ %x, %entry ], [ %s.next, %loop ]
  %m = fmul double %s, %x
  %s.next = call double @llvm.sin.f64(double %m)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 4
  br i1 %done, label %join, label %loop
other:
  %o = fmul double %x, %x
  br label %join
join:
  %v = phi double [ %s.next, %loop ], [ %o, %other ]
  %r = call double @llvm.cos.f64(double %v)
  ret double %r
}

; t = cos(t * x) or t = t * x, twice, from t = x
define double @in_loop(double %x, i1 %c) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %join ]
  %t = phi double [ %x, %entry ], [ %t.next, %join ]
  br i1 %c, label %trig, label %other
trig:
  %m = fmul double %t, %x
  %co = call double @llvm.cos.f64(double %m)
  br label %join
other:
  %p = fmul double %t, %x
  br label %join
join:
  %t.next = phi double [ %co, %trig ], [ %p, %other ]
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, 2
  br i1 %done, label %exit, label %head
exit:
  ret double %t.next
}

define i32 @main() {
  %a = call double (...) @__enzyme_autodiff(ptr @arms, double 0.7, i1 true)
  %b = call double (...) @__enzyme_autodiff(ptr @arms, double 0.7, i1 false)
  %c = call double (...) @__enzyme_autodiff(ptr @in_loop, double 0.7, i1 true)
  %d = call double (...) @__enzyme_autodiff(ptr @in_loop, double 0.7, i1 false)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a)
  call i32 (ptr, ...) @printf(ptr @fmt, double %b)
  call i32 (ptr, ...) @printf(ptr @fmt, double %c)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}

; CHECK-LABEL: define internal double @diffe_arms(
; CHECK:       %tape.stack = alloca [208 x i8], align 16
; CHECK:       {{^}}other:
; CHECK:       %tape.pad = call ptr @enzyme_opt.tape.push(ptr %tape, i64 64)
; CHECK-NEXT:  br label %join
; CHECK:       {{^}}invert.other:
; CHECK-NEXT:  %tape.unpad = call ptr @enzyme_opt.tape.pop(ptr %tape, i64 64)
; CHECK:       ret double
; CHECK-LABEL: define internal double @diffe_in_loop(
; CHECK-NOT:   tape.pad
; CHECK:       ret double
; OUT: -0.161432421
; OUT-NEXT: -0.658876243
; OUT-NEXT: -0.243873279
; OUT-NEXT: 1.470000000
