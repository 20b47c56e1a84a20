; A local array of doubles, written and read by loops that clang
; -fno-unroll-loops marked `llvm.loop.unroll.disable`.  In the gradient:
; - the array's shadow starts as a store of -0.0s (adjoints added to -0.0
;   fold away; the zero bytes of a memset are +0.0, which does not);
; - the forward sweep's copies of the loops point at loop nodes without the
;   mark (the reverse sweep's loops have none either), while the primal
;   keeps its own.
; RUN: enzyme-opt %s -o %t.ll --verify
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

; sum_j (x[j] * y[j])^2 with y = x * x[j] staged through a local array.
define double @staged(ptr %x) {
entry:
  %y = alloca [3 x double], align 16
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %xi = load double, ptr %px
  %sq = fmul double %xi, %xi
  %py = getelementptr inbounds [3 x double], ptr %y, i64 0, i64 %i
  store double %sq, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, 3
  br i1 %i.done, label %sum, label %fill, !llvm.loop !0
sum:
  %j = phi i64 [ 0, %fill ], [ %j.next, %sum ]
  %s = phi double [ 0.0, %fill ], [ %s.next, %sum ]
  %pyj = getelementptr inbounds [3 x double], ptr %y, i64 0, i64 %j
  %yj = load double, ptr %pyj
  %t = fmul double %yj, %yj
  %s.next = fadd double %s, %t
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, 3
  br i1 %j.done, label %exit, label %sum, !llvm.loop !2
exit:
  ret double %s.next
}

; CHECK-LABEL: define double @staged(
; CHECK: br i1 %i.done, label %sum, label %fill, !llvm.loop ![[FILL:[0-9]+]]
; CHECK-LABEL: define internal {{.*}}@diffe_staged(
; CHECK: %[[SHADOW:"y'"]] = alloca [3 x double], align 16
; CHECK: store [3 x double] [double -0.000000e+00, double -0.000000e+00, double -0.000000e+00], ptr %[[SHADOW]], align 16
; CHECK-NOT: llvm.memset
; CHECK: br i1 %i.done, label %sum, label %fill, !llvm.loop ![[FILL2:[0-9]+]]
; CHECK: ![[FILL]] = distinct !{![[FILL]], ![[PROGRESS:[0-9]+]], ![[OFF:[0-9]+]]}
; CHECK: ![[PROGRESS]] = !{!"llvm.loop.mustprogress"}
; CHECK: ![[OFF]] = !{!"llvm.loop.unroll.disable"}
; CHECK: ![[FILL2]] = distinct !{![[FILL2]], ![[PROGRESS]]}

; d/dx[k] sum x[j]^4 = 4 x[k]^3: x = (1, 2, -1) gives 4, 32, -4.
; OUT: 4 32 -4
define i32 @main() {
entry:
  %x = alloca [3 x double]
  %dx = alloca [3 x double]
  store [3 x double] [double 1.0, double 2.0, double -1.0], ptr %x
  store [3 x double] zeroinitializer, ptr %dx
  %r = call double (...) @__enzyme_autodiff(ptr @staged, ptr %x, ptr %dx)
  %d0 = load double, ptr %dx
  %p1 = getelementptr double, ptr %dx, i64 1
  %d1 = load double, ptr %p1
  %p2 = getelementptr double, ptr %dx, i64 2
  %d2 = load double, ptr %p2
  %n = call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2)
  ret i32 0
}

!0 = distinct !{!0, !1, !3}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !1, !3}
!3 = !{!"llvm.loop.unroll.disable"}
