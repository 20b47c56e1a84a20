; A loop of arithmetic around a math call, touching no memory (sum of
; pow(x, i) / i, bench/taylor.c): its reverse loop is marked
; llvm.loop.vectorize.width 1.  The adjoint sum's reassoc would let LLVM
; vectorize it, calling pow lane by lane with every vector value kept in
; stack slots across the calls (12.75 instructions a term against 9.8).
; A loop that loads (the terms' weights from an array) keeps LLVM's choice,
; as does one whose only math call is fabs (one instruction on a vector).
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -O2 -S %t.ll | FileCheck --check-prefix=O2 %s

; CHECK-LABEL: define internal {{.*}}@diffe_damped(
; CHECK-NOT: !llvm.loop
; CHECK-LABEL: define internal {{.*}}@diffe_series(
; CHECK: br label %invert.loop, !llvm.loop [[SCALAR:![0-9]+]]
; CHECK-LABEL: define internal {{.*}}@diffe_weighted(
; CHECK-NOT: !llvm.loop
; CHECK: ret
; CHECK-DAG: [[WIDTH1:![0-9]+]] = !{!"llvm.loop.vectorize.width", i32 1}
; CHECK-DAG: [[SCALAR]] = distinct !{[[SCALAR]], [[WIDTH1]]}

; O2-LABEL: define {{.*}}double @grad_series(
; O2-NOT: <2 x double>
; O2: call double @llvm.pow.f64
; O2: ret double

declare double @pow(double, double)
declare double @llvm.fabs.f64(double)
declare double @__enzyme_autodiff(...)
@enzyme_const = external global i32

define double @series(double %x, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 1, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %c = uitofp nneg i32 %i to double
  %p = call double @pow(double %x, double %c)
  %t = fdiv double %p, %c
  %s.next = fadd double %s, %t
  %next = add nuw i32 %i, 1
  %done = icmp eq i32 %i, %n
  br i1 %done, label %exit, label %loop

exit:
  ret double %s.next
}

define double @weighted(double %x, ptr %w, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %at = getelementptr inbounds double, ptr %w, i64 %i
  %wi = load double, ptr %at
  %p = call double @pow(double %x, double %wi)
  %s.next = fadd double %s, %p
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret double %s.next
}

define double @damped(double %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %y = phi double [ 1.0, %entry ], [ %y.next, %loop ]
  %a = call double @llvm.fabs.f64(double %y)
  %y.next = fmul double %a, %x
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 20
  br i1 %done, label %exit, label %loop

exit:
  ret double %y.next
}

define double @grad_damped(double %x) {
  %d = call double (...) @__enzyme_autodiff(ptr @damped, double %x)
  ret double %d
}

define double @grad_series(double %x, i32 %n) {
  %d = call double (...) @__enzyme_autodiff(ptr @series, double %x, i32 %n)
  ret double %d
}

define double @grad_weighted(double %x, ptr %w, i64 %n) {
  %d = call double (...) @__enzyme_autodiff(ptr @weighted, double %x, ptr @enzyme_const,
                                            ptr %w, i64 %n)
  ret double %d
}
