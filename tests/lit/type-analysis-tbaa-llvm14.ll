; The same TBAA-typed i64 copy in LLVM 14's typed-pointer IR (clang-14 -O2
; bitcasts the struct pointers to i64*): the copy becomes a double copy,
; still in the typed-pointer dialect.
; RUN: enzyme-opt %s -o %t.ll --print-type-analysis --print-activity 2> %t.err
; RUN: FileCheck --check-prefix=TYPES %s < %t.err
; RUN: FileCheck %s < %t.ll

%struct.S = type { double, i32 }

declare void @__enzyme_autodiff(...)

define void @copy(%struct.S* %dst, %struct.S* %src) {
  %src.i64 = bitcast %struct.S* %src to i64*
  %dst.i64 = bitcast %struct.S* %dst to i64*
  %bits = load i64, i64* %src.i64, align 8, !tbaa !5
  store i64 %bits, i64* %dst.i64, align 8, !tbaa !5
  %n.src = getelementptr inbounds %struct.S, %struct.S* %src, i64 0, i32 1
  %n.dst = getelementptr inbounds %struct.S, %struct.S* %dst, i64 0, i32 1
  %n = load i32, i32* %n.src, align 8, !tbaa !6
  store i32 %n, i32* %n.dst, align 8, !tbaa !6
  ret void
}

define void @grad(%struct.S* %y, %struct.S* %dy, %struct.S* %x, %struct.S* %dx) {
  call void (...) @__enzyme_autodiff(void (%struct.S*, %struct.S*)* @copy, %struct.S* %y, %struct.S* %dy, %struct.S* %x, %struct.S* %dx)
  ret void
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"double", !1, i64 0}
!3 = !{!"int", !1, i64 0}
!4 = !{!"S", !2, i64 0, !3, i64 8}
!5 = !{!4, !2, i64 0}
!6 = !{!4, !3, i64 8}

; TYPES-LABEL: type analysis of function 'copy' (reverse mode; arguments: dup, dup):
; TYPES-NEXT: %dst: {0: double, 8: int}
; TYPES-NEXT: %src: {0: double, 8: int}
; TYPES-NEXT: %src.i64: {0: double, 8: int}
; TYPES-NEXT: %dst.i64: {0: double, 8: int}
; TYPES-NEXT: %{{[0-9]+}}: {0: double, 8: int}
; TYPES-NEXT: %{{[0-9]+}}: {0: double, 8: int}
; TYPES-NEXT: %n.src: {-8: double, 0: int}
; TYPES-NEXT: %n.dst: {-8: double, 0: int}

; CHECK-LABEL: define internal void @diffe_copy(
; CHECK: %[[SRC:[0-9]+]] = bitcast i64* %src.i64 to double*
; CHECK: %bits = load double, double* %[[SRC]], align 8, !tbaa !5
; CHECK: %[[DST:[0-9]+]] = bitcast i64* %dst.i64 to double*
; CHECK: store double %bits, double* %[[DST]], align 8, !tbaa !5
; CHECK: invert.bb:
; CHECK: %[[D:[0-9]+]] = load double, double* %"ptr'.1.re"
; CHECK-NEXT: store double 0.000000e+00, double* %"ptr'.1.re"
; CHECK: fadd reassoc double %{{[0-9]+}}, %bits.adj.val
; CHECK-NEXT: store double %{{[0-9]+}}, double* %"ptr'.re"
