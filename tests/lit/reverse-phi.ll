; The adjoint of a phi: the join block records which predecessor it was
; entered from, and its reverse dispatches on that index, handing the phi's
; adjoint to the incoming value of the edge taken.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%g %g\0A\00"

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

define i32 @main() {
  %p = call double (...) @__enzyme_autodiff(ptr @f, double 2.0)
  %n = call double (...) @__enzyme_autodiff(ptr @f, double -1.5)
  call i32 (ptr, ...) @printf(ptr @fmt, double %p, double %n)
  ret i32 0
}

; CHECK-LABEL: define internal double @diffe_f(double %x, double %differet)
; CHECK: join:
; CHECK-NEXT: %pred.index = phi i64 [ 0, %then ], [ 1, %else ]
; CHECK: invert.join.tape:
; CHECK-NEXT: %[[IDX:.*]] = load i64, ptr %pred.index.slot
; CHECK-NEXT: switch i64 %[[IDX]], label %invert.join.from.then [
; CHECK-NEXT: i64 1, label %invert.join.from.else
; CHECK: invert.join.from.then:
; CHECK: store double {{.*}}, ptr %a.adj
; CHECK-NEXT: br label %invert.then
; CHECK: invert.join.from.else:
; CHECK: store double {{.*}}, ptr %b.adj
; CHECK-NEXT: br label %invert.else
; OUT: {{^}}3 -3{{$}}
