; tests/lit/pointer-lanes-slp.ll in LLVM 14's typed pointers (clang 14 -O2
; stores `{double w; double *p}` pairs as `<4 x double*>` the same way, the
; pointer lanes from a vector GEP): each store is split into one store per
; lane, the doubles as doubles, the pointers as pointers.  Both modes,
; checked against closed forms.
; REQUIRES: clang14
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang14 %t.ll -o %t.exe
; RUN: %t.exe | FileCheck --check-prefix=OUT %s

; CHECK-LABEL: define internal void @diffe_filled(
; CHECK-NOT:   store <4 x double*>
; CHECK:       store double
; CHECK:       store double*
; CHECK-LABEL: define internal double @fwddiffe_constw(
; CHECK-NOT:   store <4 x double*>
; CHECK:       store double 2.500000e-01

; OUT: filled 7 11 4.3 6.3 | 28.6
; OUT: constw 0.25 0.25 0 0 | 0.5

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(i8*, ...)
@fmt = private constant [31 x i8] c"%s %.6g %.6g %.6g %.6g | %.6g\0A\00"
@n.filled = private constant [7 x i8] c"filled\00"
@n.constw = private constant [7 x i8] c"constw\00"

%struct.Cell = type { double, double* }

; cells[k] = {x[k] + 1.3, &x[k + 2]}, k = 0, 1: (x0 + 1.3) x2 + (x1 + 1.3) x3
define double @filled(double* %x) {
  %cells = alloca [2 x %struct.Cell], align 16
  %xv = bitcast double* %x to <2 x double>*
  %d = load <2 x double>, <2 x double>* %xv, align 8, !tbaa !5
  %w = fadd <2 x double> %d, <double 1.3, double 1.3>
  %ps = getelementptr inbounds double, double* %x, <2 x i64> <i64 2, i64 3>
  %bits = bitcast <2 x double> %w to <2 x i64>
  %wp = inttoptr <2 x i64> %bits to <2 x double*>
  %v = shufflevector <2 x double*> %wp, <2 x double*> %ps, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
  %f = getelementptr inbounds [2 x %struct.Cell], [2 x %struct.Cell]* %cells, i64 0, i64 0, i32 1
  %back = getelementptr inbounds double*, double** %f, i64 -1
  %at = bitcast double** %back to <4 x double*>*
  store <4 x double*> %v, <4 x double*>* %at, align 16, !tbaa !7
  %c = bitcast [2 x %struct.Cell]* %cells to %struct.Cell*
  %r = call double @weighted_sum(%struct.Cell* %c)
  ret double %r
}

; cells[k] = {0.25, &x[k]}: 0.25 (x0 + x1)
define double @constw(double* %x) {
  %cells = alloca [2 x %struct.Cell], align 16
  %ps = getelementptr inbounds double, double* %x, <2 x i64> <i64 0, i64 1>
  %v = shufflevector <2 x double*> <double* inttoptr (i64 4598175219545276416 to double*), double* inttoptr (i64 4598175219545276416 to double*)>, <2 x double*> %ps, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
  %at = bitcast [2 x %struct.Cell]* %cells to <4 x double*>*
  store <4 x double*> %v, <4 x double*>* %at, align 16, !tbaa !7
  %c = bitcast [2 x %struct.Cell]* %cells to %struct.Cell*
  %r = call double @weighted_sum(%struct.Cell* %c)
  ret double %r
}

define internal double @weighted_sum(%struct.Cell* %cells) noinline {
  %wf0 = getelementptr inbounds %struct.Cell, %struct.Cell* %cells, i64 0, i32 0
  %w0 = load double, double* %wf0, align 16, !tbaa !10
  %pf0 = getelementptr inbounds %struct.Cell, %struct.Cell* %cells, i64 0, i32 1
  %p0 = load double*, double** %pf0, align 8, !tbaa !11
  %y0 = load double, double* %p0, !tbaa !5
  %wf1 = getelementptr inbounds %struct.Cell, %struct.Cell* %cells, i64 1, i32 0
  %w1 = load double, double* %wf1, align 16, !tbaa !10
  %pf1 = getelementptr inbounds %struct.Cell, %struct.Cell* %cells, i64 1, i32 1
  %p1 = load double*, double** %pf1, align 8, !tbaa !11
  %y1 = load double, double* %p1, !tbaa !5
  %a = fmul double %w0, %y0
  %b = fmul double %w1, %y1
  %r = fadd double %a, %b
  ret double %r
}

define internal void @show(i8* %name, double* %dx, double %t) {
  %a0 = load double, double* %dx
  %p1 = getelementptr double, double* %dx, i64 1
  %a1 = load double, double* %p1
  %p2 = getelementptr double, double* %dx, i64 2
  %a2 = load double, double* %p2
  %p3 = getelementptr double, double* %dx, i64 3
  %a3 = load double, double* %p3
  %f = getelementptr [31 x i8], [31 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i8* %name, double %a0, double %a1, double %a2, double %a3, double %t)
  ret void
}

define i32 @main() {
  %xa = alloca [4 x double], align 16
  %dxa = alloca [4 x double], align 16
  %ta = alloca [4 x double], align 16
  %x = bitcast [4 x double]* %xa to double*
  %dx = bitcast [4 x double]* %dxa to double*
  %t = bitcast [4 x double]* %ta to double*
  %xv = bitcast [4 x double]* %xa to <4 x double>*
  %dxv = bitcast [4 x double]* %dxa to <4 x double>*
  %tv = bitcast [4 x double]* %ta to <4 x double>*
  store <4 x double> <double 3.0, double 5.0, double 7.0, double 11.0>, <4 x double>* %xv, align 8
  store <4 x double> <double 1.0, double 1.0, double 1.0, double 1.0>, <4 x double>* %tv, align 8
  store <4 x double> zeroinitializer, <4 x double>* %dxv, align 8
  %fa = bitcast double (double*)* @filled to i8*
  call double (...) @__enzyme_autodiff(i8* %fa, double* %x, double* %dx)
  %t1 = call double (...) @__enzyme_fwddiff(i8* %fa, double* %x, double* %t)
  %n1 = getelementptr [7 x i8], [7 x i8]* @n.filled, i64 0, i64 0
  call void @show(i8* %n1, double* %dx, double %t1)
  store <4 x double> zeroinitializer, <4 x double>* %dxv, align 8
  %fc = bitcast double (double*)* @constw to i8*
  call double (...) @__enzyme_autodiff(i8* %fc, double* %x, double* %dx)
  %t2 = call double (...) @__enzyme_fwddiff(i8* %fc, double* %x, double* %t)
  %n2 = getelementptr [7 x i8], [7 x i8]* @n.constw, i64 0, i64 0
  call void @show(i8* %n2, double* %dx, double %t2)
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
