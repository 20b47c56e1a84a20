; Without noalias, the product's arguments may overlap, so its reduction
; nest may not be interchanged.  The gradient is versioned: a run-time test
; of the byte ranges each argument (and shadow) is accessed over picks the
; gradient of a noalias copy, interchanged, or the general one.
; RUN: enzyme-opt %s -o %t.ll --verify
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare double @llvm.fmuladd.f64(double, double, double)

@enzyme_dup = external global i32
@fmt = private constant [7 x i8] c"%g %g\0A\00"

; C[j] = sum_l A[l] * B[l*n + j] (one row times an n x n matrix).
define void @row_times_matrix(ptr %A, ptr %B, ptr %C, i64 %n) {
entry:
  br label %j.head
j.head:
  %j = phi i64 [ 0, %entry ], [ %j.next, %j.latch ]
  %colB = getelementptr inbounds double, ptr %B, i64 %j
  br label %l.body
l.body:
  %l = phi i64 [ 0, %j.head ], [ %l.next, %l.body ]
  %s = phi double [ 0.0, %j.head ], [ %s.next, %l.body ]
  %pa = getelementptr inbounds double, ptr %A, i64 %l
  %a = load double, ptr %pa
  %row = mul nuw nsw i64 %l, %n
  %pb = getelementptr inbounds double, ptr %colB, i64 %row
  %b = load double, ptr %pb
  %s.next = call double @llvm.fmuladd.f64(double %a, double %b, double %s)
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, %n
  br i1 %l.done, label %j.latch, label %l.body
j.latch:
  %pc = getelementptr inbounds double, ptr %C, i64 %j
  store double %s.next, ptr %pc
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %j.head
exit:
  ret void
}

; CHECK: define internal void @diffe_row_times_matrix.mayalias(ptr %
; CHECK: define internal void @diffe_row_times_matrix.noalias(ptr noalias %
; CHECK: inner.j:
; CHECK: define internal void @diffe_row_times_matrix(ptr %
; CHECK: ptrtoint ptr
; CHECK: br i1 %{{.*}}, label %noalias, label %mayalias
; CHECK: noalias:
; CHECK-NEXT: call void @diffe_row_times_matrix.noalias(
; CHECK: mayalias:
; CHECK-NEXT: call void @diffe_row_times_matrix.mayalias(

; A = [1, 2], B = [[3, 4], [5, 6]], seed dC = [1, 1]: dA = B 1 = [7, 11],
; dB[l][j] = A[l] (row 0 shown).  Then C is B's last row, computed in place:
; the general path; the seed of that row goes to what it was computed from,
; dB[1][j] = A[1].
; OUT: 7 11
; OUT: 1 1
; OUT: 7 11
; OUT: 2 2
define i32 @main() {
entry:
  %A = alloca [2 x double]
  %B = alloca [4 x double]
  %C = alloca [2 x double]
  %dA = alloca [2 x double]
  %dB = alloca [4 x double]
  %dC = alloca [2 x double]
  call void @setup(ptr %A, ptr %B, ptr %dA, ptr %dB, ptr %dC)
  call void (...) @__enzyme_autodiff(ptr @row_times_matrix, ptr @enzyme_dup, ptr %A, ptr %dA, ptr @enzyme_dup, ptr %B, ptr %dB, ptr @enzyme_dup, ptr %C, ptr %dC, i64 2)
  call void @print2(ptr %dA)
  call void @print2(ptr %dB)
  call void @setup(ptr %A, ptr %B, ptr %dA, ptr %dB, ptr %dC)
  ; In place: C is the last row of B, and dC that of dB (seeded with 1, 1).
  %Blast = getelementptr double, ptr %B, i64 2
  %dBlast = getelementptr double, ptr %dB, i64 2
  store <2 x double> <double 1.0, double 1.0>, ptr %dBlast, align 8
  call void (...) @__enzyme_autodiff(ptr @row_times_matrix, ptr @enzyme_dup, ptr %A, ptr %dA, ptr @enzyme_dup, ptr %B, ptr %dB, ptr @enzyme_dup, ptr %Blast, ptr %dBlast, i64 2)
  call void @print2(ptr %dA)
  call void @print2(ptr %dBlast)
  ret i32 0
}

define void @setup(ptr %A, ptr %B, ptr %dA, ptr %dB, ptr %dC) {
  store <2 x double> <double 1.0, double 2.0>, ptr %A, align 8
  store <4 x double> <double 3.0, double 4.0, double 5.0, double 6.0>, ptr %B, align 8
  store <2 x double> zeroinitializer, ptr %dA, align 8
  store <4 x double> zeroinitializer, ptr %dB, align 8
  store <2 x double> <double 1.0, double 1.0>, ptr %dC, align 8
  ret void
}

define void @print2(ptr %x) {
  %v0 = load double, ptr %x
  %p1 = getelementptr double, ptr %x, i64 1
  %v1 = load double, ptr %p1
  %r = call i32 (ptr, ...) @printf(ptr @fmt, double %v0, double %v1)
  ret void
}
