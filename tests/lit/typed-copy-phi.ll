; An integer phi or select that only passes typed copies along is typed
; too: `dst = c ? *a : *b` for a struct of one double, where clang -O2
; moves the double as i64 through a phi, then a select against zero
; (the integer 0 is the double +0.0).
; RUN: enzyme-opt %s -o %t.ll --print-activity 2> %t.err
; RUN: FileCheck --check-prefix=ACT %s < %t.err
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

define void @pick(ptr %dst, ptr %a, ptr %b, i32 %which, i32 %keep) {
entry:
  %c = icmp ne i32 %which, 0
  br i1 %c, label %left, label %right

left:
  %x = load i64, ptr %a, align 8, !tbaa !3
  br label %join

right:
  %y = load i64, ptr %b, align 8, !tbaa !3
  br label %join

join:
  %v = phi i64 [ %x, %left ], [ %y, %right ]
  %k = icmp ne i32 %keep, 0
  %s = select i1 %k, i64 %v, i64 0
  store i64 %s, ptr %dst, align 8, !tbaa !3
  ret void
}

define void @run(i32 %which, i32 %keep) {
  %a = alloca double, align 8
  %da = alloca double, align 8
  %b = alloca double, align 8
  %db = alloca double, align 8
  %d = alloca double, align 8
  %dd = alloca double, align 8
  store double 1.0, ptr %a
  store double 2.0, ptr %b
  store double 0.0, ptr %da
  store double 0.0, ptr %db
  store double 5.0, ptr %dd
  call void (...) @__enzyme_autodiff(ptr @pick, ptr %d, ptr %dd, ptr %a, ptr %da, ptr %b, ptr %db, i32 %which, i32 %keep)
  %ga = load double, ptr %da
  %gb = load double, ptr %db
  %gd = load double, ptr %dd
  call i32 (ptr, ...) @printf(ptr @fmt, double %ga, double %gb, double %gd)
  ret void
}

define i32 @main() {
  call void @run(i32 1, i32 1)
  call void @run(i32 0, i32 1)
  call void @run(i32 0, i32 0)
  ret i32 0
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"double", !1, i64 0}
!3 = !{!2, !2, i64 0}

; ACT-LABEL: activity of function 'pick'
; ACT: [active] %x = load double, ptr %a, align 8, !tbaa !3
; ACT-NEXT: [const]  br label %join
; ACT-NEXT: [active] %y = load double, ptr %b, align 8, !tbaa !3
; ACT-NEXT: [const]  br label %join
; ACT-NEXT: [active] %v = phi double [ %x, %left ], [ %y, %right ]
; ACT-NEXT: [const]  %k = icmp ne i32 %keep, 0
; ACT-NEXT: [active] %s = select i1 %k, double %v, double 0.000000e+00
; ACT-NEXT: [const]  store double %s, ptr %dst, align 8, !tbaa !3

; The seed 5 of dst goes to a, to b, or nowhere (dst = 0.0); it is consumed.
; OUT: {{^}}5 0 0{{$}}
; OUT-NEXT: {{^}}0 5 0{{$}}
; OUT-NEXT: {{^}}0 0 0{{$}}
