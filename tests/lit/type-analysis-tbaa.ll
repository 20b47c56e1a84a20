; clang -O2 copies a struct { double; int } field by field through integers:
; the double moves as `load i64`/`store i64`.  Only the TBAA tags say it is
; a double (struct path tags: base S, access type, offset), so type
; analysis types the i64 copy as a double copy, the AD differentiates it
; as one (the adjoint flows from dst back to src), and the int's shadow
; stays untouched.
; RUN: enzyme-opt %s -o %t.ll --print-type-analysis --print-activity 2> %t.err
; RUN: FileCheck --check-prefix=TYPES %s < %t.err
; RUN: FileCheck --check-prefix=ACT %s < %t.err
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

%struct.S = type { double, i32 }

@fmt = private constant [16 x i8] c"%g %g %d %d %g\0A\00"

; *dst = *src for S = { double a; int n; }
define void @copy(ptr %dst, ptr %src) {
  %bits = load i64, ptr %src, align 8, !tbaa !5
  store i64 %bits, ptr %dst, align 8, !tbaa !5
  %n.src = getelementptr inbounds i8, ptr %src, i64 8
  %n.dst = getelementptr inbounds i8, ptr %dst, i64 8
  %n = load i32, ptr %n.src, align 8, !tbaa !6
  store i32 %n, ptr %n.dst, align 8, !tbaa !6
  ret void
}

define i32 @main() {
  %x = alloca %struct.S, align 8
  %dx = alloca %struct.S, align 8
  %y = alloca %struct.S, align 8
  %dy = alloca %struct.S, align 8
  store double 2.0, ptr %x, align 8
  store double 0.25, ptr %dx, align 8
  store double 1.5, ptr %dy, align 8
  %dx.n = getelementptr inbounds i8, ptr %dx, i64 8
  %dy.n = getelementptr inbounds i8, ptr %dy, i64 8
  store i32 3, ptr %dx.n, align 8
  store i32 7, ptr %dy.n, align 8
  call void (...) @__enzyme_autodiff(ptr @copy, ptr %y, ptr %dy, ptr %x, ptr %dx)
  %a = load double, ptr %dx, align 8
  %b = load double, ptr %dy, align 8
  %na = load i32, ptr %dx.n, align 8
  %nb = load i32, ptr %dy.n, align 8
  %v = load double, ptr %y, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %b, i32 %na, i32 %nb, double %v)
  ret i32 0
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"double", !1, i64 0}
!3 = !{!"int", !1, i64 0}
!4 = !{!"S", !2, i64 0, !3, i64 8}
!5 = !{!4, !2, i64 0}
!6 = !{!4, !3, i64 8}

; The int access's tag names its base struct, whose double field lies 8
; bytes before it.
; TYPES-LABEL: type analysis of function 'copy' (reverse mode; arguments: dup, dup):
; TYPES-NEXT: %dst: {0: double, 8: int}
; TYPES-NEXT: %src: {0: double, 8: int}
; TYPES-NEXT: %n.src: {-8: double, 0: int}
; TYPES-NEXT: %n.dst: {-8: double, 0: int}

; ACT-LABEL: activity of function 'copy' (reverse mode; arguments: dup, dup):
; ACT: [active] %bits = load double, ptr %src, align 8, !tbaa !5
; ACT-NEXT: [const]  store double %bits, ptr %dst, align 8, !tbaa !5
; ACT: [const]  %n = load i32, ptr %n.src, align 8, !tbaa !6

; CHECK-LABEL: define internal void @diffe_copy(
; CHECK: %bits = load double, ptr %src, align 8, !tbaa !5
; CHECK-NEXT: store double %bits, ptr %dst, align 8, !tbaa !5
; CHECK: invert.bb:
; CHECK-NEXT: load double, ptr %dst.shadow
; CHECK-NEXT: store double 0.000000e+00, ptr %dst.shadow
; CHECK-NOT: i32 {{.*}}shadow
; CHECK: store double %{{[0-9]+}}, ptr %src.shadow
; CHECK-NOT: i32 {{.*}}shadow
; CHECK: ret void

; dx.a += dy.a; dy.a consumed; int shadows as they were.
; OUT: {{^}}1.75 0 3 7 2{{$}}
