; Memory holding `{double, pointer}` (or `{double, long}`, or doubles) read
; back as one vector of pointers or integers, the lanes then turned back
; into a double and a pointer, or the vector stored on whole (a copy): each
; such load becomes one load per lane in the kind memory holds there
; (transforms/pointer_lanes.py), so the double's derivative follows its
; lane; and the same memory read as <2 x double>, the pointer's bits turned
; back into a pointer (clang 19 -O2 -ffast-math -march=haswell reads a
; struct array so), so that the pointer keeps its shadow.  All seven were
; silently wrong before (the double's derivative 0, or the pointee's).
; Both modes, against closed forms, at x = (3, 5), one function a run (all
; six differentiated in one module came out right before too).
; RUN: enzyme-opt %s -o %t.load_vec.out.ll
; RUN: %lli %t.load_vec.out.ll | FileCheck --check-prefix=OUT-load_vec %s
; RUN: sed -e 's/@load_vec,/@copy_vec,/' -e 's/@n.load_vec,/@n.copy_vec,/' %s > %t.copy_vec.ll
; RUN: enzyme-opt %t.copy_vec.ll -o %t.copy_vec.out.ll
; RUN: %lli %t.copy_vec.out.ll | FileCheck --check-prefix=OUT-copy_vec %s
; RUN: sed -e 's/@load_vec,/@load_first,/' -e 's/@n.load_vec,/@n.load_first,/' %s > %t.load_first.ll
; RUN: enzyme-opt %t.load_first.ll -o %t.load_first.out.ll
; RUN: %lli %t.load_first.out.ll | FileCheck --check-prefix=OUT-load_first %s
; RUN: sed -e 's/@load_vec,/@with_int,/' -e 's/@n.load_vec,/@n.with_int,/' %s > %t.with_int.ll
; RUN: enzyme-opt %t.with_int.ll -o %t.with_int.out.ll
; RUN: %lli %t.with_int.out.ll | FileCheck --check-prefix=OUT-with_int %s
; RUN: sed -e 's/@load_vec,/@read_ints,/' -e 's/@n.load_vec,/@n.read_ints,/' %s > %t.read_ints.ll
; RUN: enzyme-opt %t.read_ints.ll -o %t.read_ints.out.ll
; RUN: %lli %t.read_ints.out.ll | FileCheck --check-prefix=OUT-read_ints %s
; RUN: sed -e 's/@load_vec,/@read_mixed,/' -e 's/@n.load_vec,/@n.read_mixed,/' %s > %t.read_mixed.ll
; RUN: enzyme-opt %t.read_mixed.ll -o %t.read_mixed.out.ll
; RUN: %lli %t.read_mixed.out.ll | FileCheck --check-prefix=OUT-read_mixed %s
; RUN: sed -e 's/@load_vec,/@fvec,/' -e 's/@n.load_vec,/@n.fvec,/' %s > %t.fvec.ll
; RUN: enzyme-opt %t.fvec.ll -o %t.fvec.out.ll
; RUN: %lli %t.fvec.out.ll | FileCheck --check-prefix=OUT-fvec %s
; REQUIRES: lli

; OUT-load_vec: load_vec 30 9 | 39
; OUT-copy_vec: copy_vec 30 9 | 39
; OUT-load_first: load_first 30 9 | 39
; OUT-with_int: with_int 210 63 | 273
; OUT-read_ints: read_ints 90 27 | 117
; OUT-read_mixed: read_mixed 30 9 | 39
; OUT-fvec: fvec 30 9 | 39

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [21 x i8] c"%s %.6g %.6g | %.6g\0A\00"
@n.load_vec = private constant [9 x i8] c"load_vec\00"
@n.copy_vec = private constant [9 x i8] c"copy_vec\00"
@n.load_first = private constant [11 x i8] c"load_first\00"
@n.with_int = private constant [9 x i8] c"with_int\00"
@n.read_ints = private constant [10 x i8] c"read_ints\00"
@n.read_mixed = private constant [11 x i8] c"read_mixed\00"
@n.fvec = private constant [5 x i8] c"fvec\00"

; cells[0] = {x0 * x0, &x[1]} field by field, read back as <2 x ptr>: x0^2 x1
define double @load_vec(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %sq = fmul double %x0, %x0
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  store double %sq, ptr %cells, align 16, !tbaa !10
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  store ptr %p1, ptr %pf, align 8, !tbaa !11
  %v = load <2 x ptr>, ptr %cells, align 16, !tbaa !7
  %wp = extractelement <2 x ptr> %v, i64 0
  %wi = ptrtoint ptr %wp to i64
  %w = bitcast i64 %wi to double
  %p = extractelement <2 x ptr> %v, i64 1
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w, %y
  ret double %r
}

; the same cell copied to cells[1] as <2 x ptr>, read back field by field
define double @copy_vec(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %sq = fmul double %x0, %x0
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  store double %sq, ptr %cells, align 16, !tbaa !10
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  store ptr %p1, ptr %pf, align 8, !tbaa !11
  %v = load <2 x ptr>, ptr %cells, align 16, !tbaa !7
  %c1 = getelementptr inbounds i8, ptr %cells, i64 16
  store <2 x ptr> %v, ptr %c1, align 16, !tbaa !7
  %w = load double, ptr %c1, align 16, !tbaa !10
  %qf = getelementptr inbounds i8, ptr %cells, i64 24
  %p = load ptr, ptr %qf, align 8, !tbaa !11
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w, %y
  ret double %r
}

; load_vec with the read before the writes in the text
define double @load_first(ptr %x) {
entry:
  %cells = alloca [2 x { double, ptr }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %sq = fmul double %x0, %x0
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  br label %fill
read:
  %v = load <2 x ptr>, ptr %cells, align 16, !tbaa !7
  %wp = extractelement <2 x ptr> %v, i64 0
  %wi = ptrtoint ptr %wp to i64
  %w = bitcast i64 %wi to double
  %p = extractelement <2 x ptr> %v, i64 1
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w, %y
  ret double %r
fill:
  store double %sq, ptr %cells, align 16, !tbaa !10
  store ptr %p1, ptr %pf, align 8, !tbaa !11
  br label %read
}

; {x0*x0, 7} as {double, long}, read back as <2 x ptr>; returns 7 x0^2 x1
define double @with_int(ptr %x) {
  %cells = alloca [2 x { double, i64 }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %sq = fmul double %x0, %x0
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %x1p, !tbaa !5
  store double %sq, ptr %cells, align 16, !tbaa !20
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  store i64 7, ptr %pf, align 8, !tbaa !21
  %v = load <2 x ptr>, ptr %cells, align 16, !tbaa !7
  %wp = extractelement <2 x ptr> %v, i64 0
  %wi = ptrtoint ptr %wp to i64
  %w = bitcast i64 %wi to double
  %kp = extractelement <2 x ptr> %v, i64 1
  %k = ptrtoint ptr %kp to i64
  %kd = sitofp i64 %k to double
  %r0 = fmul double %w, %x1
  %r = fmul double %r0, %kd
  ret double %r
}

; {x0*x0, x1*3} stored as doubles, read back as <2 x i64>, lanes turned back
; into doubles: 3 x0^2 x1
define double @read_ints(ptr %x) {
  %cells = alloca [2 x double], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %x1p, !tbaa !5
  %a = fmul double %x0, %x0
  %b = fmul double %x1, 3.0
  store double %a, ptr %cells, align 16, !tbaa !5
  %c1 = getelementptr inbounds i8, ptr %cells, i64 8
  store double %b, ptr %c1, align 8, !tbaa !5
  %v = load <2 x i64>, ptr %cells, align 16, !tbaa !7
  %l0 = extractelement <2 x i64> %v, i64 0
  %l1 = extractelement <2 x i64> %v, i64 1
  %w0 = bitcast i64 %l0 to double
  %w1 = bitcast i64 %l1 to double
  %r = fmul double %w0, %w1
  ret double %r
}

; {x0*x0, &x[1]} as {double, ptr} field by field, read back as <2 x i64>:
; x0^2 x1
define double @read_mixed(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %a = fmul double %x0, %x0
  store double %a, ptr %cells, align 16, !tbaa !10
  %c1 = getelementptr inbounds i8, ptr %cells, i64 8
  store ptr %x1p, ptr %c1, align 8, !tbaa !11
  %v = load <2 x i64>, ptr %cells, align 16, !tbaa !7
  %l0 = extractelement <2 x i64> %v, i64 0
  %l1 = extractelement <2 x i64> %v, i64 1
  %w0 = bitcast i64 %l0 to double
  %p = inttoptr i64 %l1 to ptr
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w0, %y
  ret double %r
}

; cells[0] = {x0*x0, &x[1]} field by field; read back as <2 x double>; the
; pointer lane's bits turned back into a pointer: x0^2 * x1
define double @fvec(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %sq = fmul double %x0, %x0
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  store double %sq, ptr %cells, align 16, !tbaa !10
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  store ptr %p1, ptr %pf, align 8, !tbaa !11
  %v = load <2 x double>, ptr %cells, align 16, !tbaa !7
  %w = extractelement <2 x double> %v, i64 0
  %bits = bitcast <2 x double> %v to <2 x i64>
  %pi = extractelement <2 x i64> %bits, i64 1
  %p = inttoptr i64 %pi to ptr
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w, %y
  ret double %r
}

define i32 @main() {
  %x = alloca [2 x double], align 16
  %dx = alloca [2 x double], align 16
  store <2 x double> <double 3.0, double 5.0>, ptr %x, align 8
  store <2 x double> zeroinitializer, ptr %dx, align 8
  call double (...) @__enzyme_autodiff(ptr @load_vec, ptr %x, ptr %dx)
  %a = load <2 x double>, ptr %dx, align 8
  store <2 x double> <double 1.0, double 1.0>, ptr %dx, align 8
  %t = call double (...) @__enzyme_fwddiff(ptr @load_vec, ptr %x, ptr %dx)
  call void @show(ptr @n.load_vec, <2 x double> %a, double %t)
  ret i32 0
}

define internal void @show(ptr %name, <2 x double> %a, double %t) {
  %a0 = extractelement <2 x double> %a, i64 0
  %a1 = extractelement <2 x double> %a, i64 1
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, double %a0, double %a1, double %t)
  ret void
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
!20 = !{!22, !6, i64 0}
!21 = !{!22, !23, i64 8}
!22 = !{!"", !6, i64 0, !23, i64 8}
!23 = !{!"long", !8, i64 0}
