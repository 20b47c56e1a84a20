; The interchange pass turns a dot product per output (i, j, l order) into
; row updates (i, l, j order) when the stores cannot change what the nest
; loads.  The product must be bit for bit the one of the original order, and
; nests that look alike but may not be reordered stay as they are.
; RUN: enzyme-opt -passes=interchange %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %s | FileCheck --check-prefix=OUT %s
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare i32 @printf(ptr, ...)
declare double @llvm.fmuladd.f64(double, double, double)

; C[j] = sum_l A[l] * B[l*n + j] for one row, as clang -O2 writes it
; (rotated loops, the inner one guarded by its trip count).
; CHECK-LABEL: define void @row_times_matrix(
; CHECK: init.j:
; CHECK: store double 0{{.*}}, ptr %pc
; CHECK: check.l:
; CHECK: outer.l:
; CHECK: inner.j:
; CHECK: load double, ptr %pc
; CHECK: call double @llvm.fmuladd.f64
; CHECK: store double
; CHECK: latch.l:
; CHECK: ret void
define void @row_times_matrix(ptr noalias %A, ptr noalias %B, ptr noalias %C, i64 %n, i64 %k) {
entry:
  %guard = icmp sgt i64 %k, 0
  br label %j.head
j.head:
  %j = phi i64 [ 0, %entry ], [ %j.next, %j.latch ]
  br i1 %guard, label %l.pre, label %j.latch
l.pre:
  %colB = getelementptr inbounds double, ptr %B, i64 %j
  br label %l.body
l.body:
  %l = phi i64 [ 0, %l.pre ], [ %l.next, %l.body ]
  %s = phi double [ 0.0, %l.pre ], [ %s.next, %l.body ]
  %pa = getelementptr inbounds double, ptr %A, i64 %l
  %a = load double, ptr %pa
  %row = mul nuw nsw i64 %l, %n
  %pb = getelementptr inbounds double, ptr %colB, i64 %row
  %b = load double, ptr %pb
  %s.next = call double @llvm.fmuladd.f64(double %a, double %b, double %s)
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, %k
  br i1 %l.done, label %j.latch, label %l.body
j.latch:
  %sum = phi double [ 0.0, %j.head ], [ %s.next, %l.body ]
  %pc = getelementptr inbounds double, ptr %C, i64 %j
  store double %sum, ptr %pc
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %j.head
exit:
  ret void
}

; The same without noalias: C may be B, so the order stays.
; CHECK-LABEL: define void @may_alias(
; CHECK-NOT: inner.j
; CHECK: ret void
define void @may_alias(ptr %A, ptr %B, ptr %C, i64 %n) {
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

; The inner trip count depends on the data (a sentinel in B): interchanging
; would run the inner loop a different number of times.
; CHECK-LABEL: define void @data_dependent_count(
; CHECK-NOT: inner.j
; CHECK: ret void
define void @data_dependent_count(ptr noalias %B, ptr noalias %C, i64 %n) {
entry:
  br label %j.head
j.head:
  %j = phi i64 [ 0, %entry ], [ %j.next, %j.latch ]
  %colB = getelementptr inbounds double, ptr %B, i64 %j
  br label %l.body
l.body:
  %l = phi i64 [ 0, %j.head ], [ %l.next, %l.body ]
  %s = phi double [ 0.0, %j.head ], [ %s.next, %l.body ]
  %row = mul nuw nsw i64 %l, %n
  %pb = getelementptr inbounds double, ptr %colB, i64 %row
  %b = load double, ptr %pb
  %s.next = fadd double %s, %b
  %l.next = add nuw nsw i64 %l, 1
  %stop = fcmp olt double %b, 0.0
  %l.end = icmp eq i64 %l.next, %n
  %l.done = or i1 %stop, %l.end
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

; The product, the in-place product (C is B) and the sums up to a sentinel:
; the same lines before and after the pass.
; OUT: 8.25 10.175 12.1
; OUT: 8.25 10.175 12.1
; OUT: 10 13 -1
define i32 @main() {
entry:
  %A = alloca [3 x double]
  %B = alloca [9 x double]
  %C = alloca [3 x double]
  call void @fill(ptr %A, ptr %B)
  call void @row_times_matrix(ptr %A, ptr %B, ptr %C, i64 3, i64 3)
  call void @print3(ptr %C)
  call void @may_alias(ptr %A, ptr %B, ptr %B, i64 3)
  call void @print3(ptr %B)
  store <4 x double> <double 1.0, double 2.0, double -1.0, double 3.0>, ptr %B, align 8
  %b4 = getelementptr double, ptr %B, i64 4
  store <4 x double> <double 4.0, double 5.0, double 6.0, double 7.0>, ptr %b4, align 8
  call void @data_dependent_count(ptr %B, ptr %C, i64 3)
  call void @print3(ptr %C)
  ret i32 0
}

; A = [0.25, 0.5, 1], B[i] = 1.1 i (3 x 3, row-major).
define void @fill(ptr %A, ptr %B) {
entry:
  store <2 x double> <double 0.25, double 0.5>, ptr %A, align 8
  %a2 = getelementptr double, ptr %A, i64 2
  store double 1.0, ptr %a2
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %f = uitofp i64 %i to double
  %v = fmul double %f, 1.1
  %p = getelementptr double, ptr %B, i64 %i
  store double %v, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 9
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

@fmt3 = private constant [10 x i8] c"%g %g %g\0A\00"

define void @print3(ptr %x) {
  %v0 = load double, ptr %x
  %p1 = getelementptr double, ptr %x, i64 1
  %v1 = load double, ptr %p1
  %p2 = getelementptr double, ptr %x, i64 2
  %v2 = load double, ptr %p2
  %r = call i32 (ptr, ...) @printf(ptr @fmt3, double %v0, double %v1, double %v2)
  ret void
}
