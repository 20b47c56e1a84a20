; A loop that needs no tape at all: the loaded x[i] is loaded again from
; unchanged memory, the counter is stepped back by one in the reverse loop
; (its value before the loop need not be saved: the loop runs once per
; call), and the first-iteration test comes from the counter.  Nothing is
; allocated, per iteration or at all: nothing is pushed, so the tape is an
; empty header and nothing is freed at the end.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [13 x i8] c"%g %g %g %g\0A\00"

; sumsq(x, n) = sum_i x[i]^2, with a runtime trip count
define double @sumsq(ptr %x, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  %s.next = fadd double %s, %sq
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret double %s.next
}

define i32 @main() {
  %x = alloca [4 x double]
  %dx = alloca [4 x double]
  store [4 x double] [double 1.0, double -2.0, double 0.5, double 3.0], ptr %x
  store [4 x double] zeroinitializer, ptr %dx
  %g = call double (...) @__enzyme_autodiff(ptr @sumsq, ptr %x, ptr %dx, i64 4)
  %d = load [4 x double], ptr %dx
  %d0 = extractvalue [4 x double] %d, 0
  %d1 = extractvalue [4 x double] %d, 1
  %d2 = extractvalue [4 x double] %d, 2
  %d3 = extractvalue [4 x double] %d, 3
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2, double %d3)
  ret i32 0
}

; CHECK-LABEL: define internal void @diffe_sumsq(ptr %x, ptr %x.shadow, i64 %n, double %differet)
; CHECK: %tape = alloca { ptr, i64, i64 }
; CHECK: loop:
; CHECK-NOT: call {{.*}}@malloc
; CHECK-NOT: @enzyme_opt.tape.push
; CHECK: br i1 %done, label %exit, label %loop
; CHECK: invert.loop:
; CHECK: %[[I:i.rev[0-9.]*]] = load i64, ptr %i.slot
; CHECK: %[[P:p.re[0-9.]*]] = getelementptr inbounds double, ptr %x, i64 %[[I]]
; CHECK-NEXT: load double, ptr %[[P]]
; CHECK: invert.loop.tape:
; CHECK: icmp ne i64 %{{.*}}, 0
; CHECK-NOT: @enzyme_opt.tape.pop
; CHECK: %i.now = load i64, ptr %i.slot
; CHECK-NEXT: %i.prev = sub i64 %i.now, 1
; CHECK-NEXT: store i64 %i.prev, ptr %i.slot
; CHECK: invert.done:
; CHECK-NOT: call void @free(ptr
; CHECK: ret void
; OUT: {{^}}2 -4 1 6{{$}}
