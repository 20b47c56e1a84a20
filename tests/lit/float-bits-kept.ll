; A double's bits stored as i64 into memory typed `long` (TBAA), read back
; as a double: the store becomes a store of the double, so the derivative
; follows the bytes (f = 3 x0^2 + x1^2 through the buffer: df/dx = 6 x0, 2 x1
; = 9 and 5 at (1.5, 2.5)).
; Where the bits stay an integer because a select picks them, or because a
; function returns them or another integer, it is an error at the
; instruction, not a zero derivative.
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: %lli %t.out.ll | FileCheck --check-prefix=OUT %s
; RUN: sed -e 's/^; S: //' %s > %t.select.ll
; RUN: not enzyme-opt %t.select.ll -o %t.select.out.ll 2>&1 | FileCheck --check-prefix=SELECT %s
; RUN: sed -e 's/^; R: //' %s > %t.ret.ll
; RUN: not enzyme-opt %t.ret.ll -o %t.ret.out.ll 2>&1 | FileCheck --check-prefix=RET %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define double @f(ptr %x) {
  %buf = alloca [2 x double], align 16
  %x0 = load double, ptr %x, align 8, !tbaa !3
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %x1p, align 8, !tbaa !3
  %a = fmul double %x0, %x0
  %b = fmul double %x1, %x1
  %abits = bitcast double %a to i64
  %bbits = bitcast double %b to i64
  store i64 %abits, ptr %buf, align 16, !tbaa !5
  %buf1 = getelementptr inbounds double, ptr %buf, i64 1
  store i64 %bbits, ptr %buf1, align 8, !tbaa !5
  %sign = load i64, ptr %buf, align 16, !tbaa !5
  %neg = icmp slt i64 %sign, 0
  %a2 = load double, ptr %buf, align 16, !tbaa !7
  %b2 = load double, ptr %buf1, align 8, !tbaa !7
  %a3 = fmul double %a2, 3.0
  %s = fadd double %a3, %b2
  %r = select i1 %neg, double 0.0, double %s
  ret double %r
}

; S: define double @pick(ptr %x, i1 %c) {
; S:   %buf = alloca double, align 8
; S:   %x0 = load double, ptr %x, align 8, !tbaa !3
; S:   %a = fmul double %x0, %x0
; S:   %abits = bitcast double %a to i64
; S:   %either = select i1 %c, i64 %abits, i64 4607182418800017408
; S:   store i64 %either, ptr %buf, align 8, !tbaa !5
; S:   %v = load double, ptr %buf, align 8, !tbaa !7
; S:   ret double %v
; S: }
; S: define double @grad_pick(ptr %x, ptr %dx) {
; S:   %r = call double (...) @__enzyme_autodiff(ptr @pick, ptr %x, ptr %dx, i1 true)
; S:   ret double %r
; S: }
; SELECT: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the active double '%a' stored as i64 bits

; R: define internal i64 @bits_or_count(double %v, i1 %c, i64 %k) {
; R: entry:
; R:   %bits = bitcast double %v to i64
; R:   br i1 %c, label %done, label %hash
; R: hash:
; R:   %h = mul i64 %k, 31
; R:   br label %done
; R: done:
; R:   %r = phi i64 [ %bits, %entry ], [ %h, %hash ]
; R:   ret i64 %r
; R: }
; R: define double @twice(double %x, i1 %c) {
; R:   %sq = fmul double %x, %x
; R:   %b = call i64 @bits_or_count(double %sq, i1 %c, i64 3)
; R:   %d = bitcast i64 %b to double
; R:   ret double %d
; R: }
; R: define double @grad_twice(double %x) {
; R:   %r = call double (...) @__enzyme_autodiff(ptr @twice, double %x, i1 true)
; R:   ret double %r
; R: }
; RET: {{.*}}.ll:{{[0-9]+}}:{{[0-9]+}}: error: cannot differentiate the active double '%v' returned as i64 bits

define i32 @main() {
  %x = alloca [2 x double]
  %dx = alloca [2 x double]
  store double 1.5, ptr %x
  %x1 = getelementptr double, ptr %x, i64 1
  store double 2.5, ptr %x1
  store double 0.0, ptr %dx
  %dx1 = getelementptr double, ptr %dx, i64 1
  store double 0.0, ptr %dx1
  call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %d0 = load double, ptr %dx
  %d1 = load double, ptr %dx1
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1)
  ret i32 0
}
; OUT: 9 5

!3 = !{!4, !4, i64 0}
!4 = !{!"double", !6, i64 0}
!5 = !{!8, !8, i64 0}
!6 = !{!"omnipotent char", !9, i64 0}
!7 = !{!6, !6, i64 0}
!8 = !{!"long", !6, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
