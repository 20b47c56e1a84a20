; The SLP vectorizer stores structs `{double w; double *p}` two at a time as
; one `<4 x ptr>` (clang 19 -O2/-O3; fuzz seeds 7709 and 7723): the doubles'
; bits go in through `bitcast` and `inttoptr`, a constant weight as
; `ptr inttoptr (i64 0x3FD0000000000000 to ptr)` (0.25); the pointers come
; from scalar GEPs put in lanes or from a vector GEP.  Such a lane holds a
; double, not a pointer without a shadow: each store is split into one store
; per lane, doubles stored as doubles (their derivatives follow), pointers
; as pointers (their shadows follow); `<2 x i64>` mixing a double's bits with
; a pointer's likewise, and one of doubles' bits alone built lane by lane.
; Both modes, checked against closed forms.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; REQUIRES: lli

; CHECK-LABEL: define internal void @diffe_filled(
; CHECK-NOT:   store <4 x ptr>
; CHECK:       store double
; CHECK:       store ptr
; CHECK-LABEL: define internal double @fwddiffe_constw(
; CHECK-NOT:   store <4 x ptr>
; CHECK:       store double 2.500000e-01

; OUT: filled 7 11 4.3 6.3 | 28.6
; OUT: constw 0.25 0.25 0 0 | 0.5
; OUT: mixed_i64 30 9 0 0 | 39
; OUT: doubles_i64 90 27 0 0 | 117

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [31 x i8] c"%s %.6g %.6g %.6g %.6g | %.6g\0A\00"
@n.filled = private constant [7 x i8] c"filled\00"
@n.constw = private constant [7 x i8] c"constw\00"
@n.mixed = private constant [10 x i8] c"mixed_i64\00"
@n.doubles = private constant [12 x i8] c"doubles_i64\00"

; cells[k] = {x[k] + 1.3, &x[k + 2]}, k = 0, 1: returns the sum of w * *p,
; (x0 + 1.3) x2 + (x1 + 1.3) x3
define double @filled(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %d = load <2 x double>, ptr %x, align 8, !tbaa !5
  %w = fadd <2 x double> %d, <double 1.3, double 1.3>
  %p2 = getelementptr inbounds double, ptr %x, i64 2
  %p3 = getelementptr inbounds double, ptr %x, i64 3
  %ps0 = insertelement <2 x ptr> poison, ptr %p2, i64 0
  %ps = insertelement <2 x ptr> %ps0, ptr %p3, i64 1
  %bits = bitcast <2 x double> %w to <2 x i64>
  %wp = inttoptr <2 x i64> %bits to <2 x ptr>
  %v = shufflevector <2 x ptr> %wp, <2 x ptr> %ps, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
  store <4 x ptr> %v, ptr %cells, align 16, !tbaa !7
  %r = call double @weighted_sum(ptr %cells)
  ret double %r
}

; cells[k] = {0.25, &x[k]}: returns 0.25 (x0 + x1)
define double @constw(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %ps = getelementptr inbounds double, ptr %x, <2 x i64> <i64 0, i64 1>
  %v = shufflevector <2 x ptr> <ptr inttoptr (i64 4598175219545276416 to ptr), ptr inttoptr (i64 4598175219545276416 to ptr)>, <2 x ptr> %ps, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
  store <4 x ptr> %v, ptr %cells, align 16, !tbaa !7
  %r = call double @weighted_sum(ptr %cells)
  ret double %r
}

; cells[0] = {x0 * x0, &x[1]} stored as <2 x i64>: returns x0^2 x1
define double @mixed_i64(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %sq = fmul double %x0, %x0
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  %bits = bitcast double %sq to i64
  %addr = ptrtoint ptr %p1 to i64
  %v0 = insertelement <2 x i64> poison, i64 %bits, i64 0
  %v = insertelement <2 x i64> %v0, i64 %addr, i64 1
  store <2 x i64> %v, ptr %cells, align 16, !tbaa !7
  %w = load double, ptr %cells, align 16, !tbaa !10
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  %p = load ptr, ptr %pf, align 8, !tbaa !11
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w, %y
  ret double %r
}

; {x0 * x0, x1 * 3} stored as <2 x i64> built lane by lane from the doubles'
; bits (silently 0 before: the doubles' derivatives were lost): 3 x0^2 x1
define double @doubles_i64(ptr %x) {
  %cells = alloca [2 x double], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %x1p, !tbaa !5
  %a = fmul double %x0, %x0
  %b = fmul double %x1, 3.0
  %ab = bitcast double %a to i64
  %bb = bitcast double %b to i64
  %v0 = insertelement <2 x i64> poison, i64 %ab, i64 0
  %v = insertelement <2 x i64> %v0, i64 %bb, i64 1
  store <2 x i64> %v, ptr %cells, align 16, !tbaa !7
  %w0 = load double, ptr %cells, align 16, !tbaa !5
  %c1 = getelementptr inbounds i8, ptr %cells, i64 8
  %w1 = load double, ptr %c1, align 8, !tbaa !5
  %r = fmul double %w0, %w1
  ret double %r
}

; sum over cells[0..2) of w * *p, read field by field
define internal double @weighted_sum(ptr %cells) noinline {
  %w0 = load double, ptr %cells, align 16, !tbaa !10
  %f0 = getelementptr inbounds i8, ptr %cells, i64 8
  %p0 = load ptr, ptr %f0, align 8, !tbaa !11
  %y0 = load double, ptr %p0, !tbaa !5
  %c1 = getelementptr inbounds i8, ptr %cells, i64 16
  %w1 = load double, ptr %c1, align 16, !tbaa !10
  %f1 = getelementptr inbounds i8, ptr %cells, i64 24
  %p1 = load ptr, ptr %f1, align 8, !tbaa !11
  %y1 = load double, ptr %p1, !tbaa !5
  %a = fmul double %w0, %y0
  %b = fmul double %w1, %y1
  %r = fadd double %a, %b
  ret double %r
}

define internal void @show(ptr %name, ptr %dx, double %t) {
  %a0 = load double, ptr %dx
  %p1 = getelementptr double, ptr %dx, i64 1
  %a1 = load double, ptr %p1
  %p2 = getelementptr double, ptr %dx, i64 2
  %a2 = load double, ptr %p2
  %p3 = getelementptr double, ptr %dx, i64 3
  %a3 = load double, ptr %p3
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, double %a0, double %a1, double %a2, double %a3, double %t)
  ret void
}

define i32 @main() {
  %x = alloca [4 x double], align 16
  %dx = alloca [4 x double], align 16
  %t = alloca [4 x double], align 16
  store <4 x double> <double 3.0, double 5.0, double 7.0, double 11.0>, ptr %x, align 8
  store <4 x double> <double 1.0, double 1.0, double 1.0, double 1.0>, ptr %t, align 8
  store <4 x double> zeroinitializer, ptr %dx, align 8
  call double (...) @__enzyme_autodiff(ptr @filled, ptr %x, ptr %dx)
  %t1 = call double (...) @__enzyme_fwddiff(ptr @filled, ptr %x, ptr %t)
  call void @show(ptr @n.filled, ptr %dx, double %t1)
  store <4 x double> zeroinitializer, ptr %dx, align 8
  call double (...) @__enzyme_autodiff(ptr @constw, ptr %x, ptr %dx)
  %t2 = call double (...) @__enzyme_fwddiff(ptr @constw, ptr %x, ptr %t)
  call void @show(ptr @n.constw, ptr %dx, double %t2)
  store <4 x double> zeroinitializer, ptr %dx, align 8
  call double (...) @__enzyme_autodiff(ptr @mixed_i64, ptr %x, ptr %dx)
  %t3 = call double (...) @__enzyme_fwddiff(ptr @mixed_i64, ptr %x, ptr %t)
  call void @show(ptr @n.mixed, ptr %dx, double %t3)
  store <4 x double> zeroinitializer, ptr %dx, align 8
  call double (...) @__enzyme_autodiff(ptr @doubles_i64, ptr %x, ptr %dx)
  %t4 = call double (...) @__enzyme_fwddiff(ptr @doubles_i64, ptr %x, ptr %t)
  call void @show(ptr @n.doubles, ptr %dx, double %t4)
  ret i32 0
}

!5 = !{!6, !6, i64 0}
!6 = !{!"double", !8, i64 0}
!7 = !{!8, !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!12, !6, i64 0}
!11 = !{!12, !13, i64 8}
!12 = !{!"", !6, i64 0, !13, i64 8}
!13 = !{!"any pointer", !8, i64 0}
