; Types flow across calls.  f copies x into y with a memcpy of n*8 bytes
; and with move8, an untagged i64 copy (what clang -O2 makes of an 8-byte
; memcpy): neither says what the bytes are.  sum loads doubles from its
; parameter, so f learns that y points to doubles (callee to caller), the
; memcpy carries that to x, and move8 learns it from f (caller to callee).
; RUN: enzyme-opt %s -o %t.ll --print-type-analysis 2> %t.err
; RUN: FileCheck --check-prefix=TYPES %s < %t.err
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare void @__enzyme_autodiff(...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @printf(ptr, ...)

@fmt = private constant [13 x i8] c"%g %g %g %g\0A\00"

define double @f(ptr %y, ptr %x, i64 %n) {
  %bytes = shl i64 %n, 3
  call void @llvm.memcpy.p0.p0.i64(ptr %y, ptr %x, i64 %bytes, i1 false)
  call void @move8(ptr %y, ptr %x)
  %s = call double @sum(ptr %y, i64 %n)
  ret double %s
}

define internal void @move8(ptr %dst, ptr %src) {
  %bits = load i64, ptr %src, align 8
  store i64 %bits, ptr %dst, align 8
  ret void
}

; sum of p[i]^2
define internal double @sum(ptr %p, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %at = getelementptr inbounds double, ptr %p, i64 %i
  %v = load double, ptr %at, align 8, !tbaa !3
  %sq = fmul double %v, %v
  %acc.next = fadd double %acc, %sq
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  ret double %acc.next
}

define i32 @main() {
  %x = alloca [4 x double], align 8
  %dx = alloca [4 x double], align 8
  %y = alloca [4 x double], align 8
  %dy = alloca [4 x double], align 8
  store [4 x double] [double 1.0, double 2.0, double 3.0, double 4.0], ptr %x
  store [4 x double] zeroinitializer, ptr %dx
  store [4 x double] zeroinitializer, ptr %dy
  call void (...) @__enzyme_autodiff(ptr @f, ptr %y, ptr %dy, ptr %x, ptr %dx, i64 4)
  %d = load [4 x double], ptr %dx
  %d0 = extractvalue [4 x double] %d, 0
  %d1 = extractvalue [4 x double] %d, 1
  %d2 = extractvalue [4 x double] %d, 2
  %d3 = extractvalue [4 x double] %d, 3
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2, double %d3)
  ret i32 0
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"double", !1, i64 0}
!3 = !{!2, !2, i64 0}

; TYPES-LABEL: type analysis of function 'f' (reverse mode; arguments: dup, dup, const):
; TYPES-NEXT: %y: {8k: double}
; TYPES-NEXT: %x: {8k: double}
; TYPES-LABEL: type analysis of function 'move8' (reverse mode; arguments: dup, dup):
; TYPES-NEXT: %dst: {8k: double}
; TYPES-NEXT: %src: {8k: double}
; TYPES-LABEL: type analysis of function 'sum' (reverse mode; arguments: dup, const):
; TYPES-NEXT: %p: {8k: double}
; TYPES-NEXT: %at: {0: double}

; The memcpy's adjoint walks doubles; move8 copies one.
; CHECK-LABEL: define internal void @diffe_f(
; CHECK: call void @enzyme_opt.memcpy.adjoint.f64(
; CHECK-LABEL: define internal {{.*}} @augmented_move8(
; CHECK: %bits = load double, ptr %src, align 8
; CHECK-NEXT: store double %bits, ptr %dst, align 8

; d/dx_i sum (x_i)^2 = 2 x_i
; OUT: {{^}}2 4 6 8{{$}}
