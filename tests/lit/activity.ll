; --print-activity: which values carry derivatives ([active]), which
; pointers have shadow memory ([shadow]) and what is constant ([const]).
; The printf call is inactive although an active value is printed; values
; computed from the integer n, or loaded from constant memory, are
; constant; what depends on x or on memory behind the duplicated p is
; active.
; RUN: enzyme-opt %s -o %t.ll --print-activity 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [4 x i8] c"%g\0A\00"
@out = private constant [7 x i8] c"%g %g\0A\00"
@scale = private constant double 3.0

; g(x, p, n) = (x * x + p[1]) * (n + 1) * scale, printing x * x on the way
define double @g(double %x, ptr %p, i32 %n) {
  %sq = fmul double %x, %x
  %call = call i32 (ptr, ...) @printf(ptr @fmt, double %sq)
  %at = getelementptr inbounds double, ptr %p, i64 1
  %v = load double, ptr %at, align 8
  %sum = fadd double %sq, %v
  %n1 = add i32 %n, 1
  %c = sitofp i32 %n1 to double
  %k = load double, ptr @scale, align 8
  %ck = fmul double %c, %k
  %r = fmul double %sum, %ck
  ret double %r
}

define i32 @main() {
  %p = alloca [2 x double], align 8
  %dp = alloca [2 x double], align 8
  store [2 x double] [double 5.0, double 7.0], ptr %p
  store [2 x double] zeroinitializer, ptr %dp
  %dx = call double (...) @__enzyme_autodiff(ptr @g, double 2.0, ptr %p, ptr %dp, i32 1)
  %dp1.at = getelementptr inbounds double, ptr %dp, i64 1
  %dp1 = load double, ptr %dp1.at, align 8
  call i32 (ptr, ...) @printf(ptr @out, double %dx, double %dp1)
  ret i32 0
}

; CHECK-LABEL: activity of function 'g' (reverse mode; arguments: out, dup, const):
; CHECK-NEXT: [active] %x
; CHECK-NEXT: [shadow] %p
; CHECK-NEXT: [const]  %p.shadow
; CHECK-NEXT: [const]  %n
; CHECK-NEXT: [const]  %differet
; CHECK-NEXT: [active] %sq = fmul double %x, %x
; CHECK-NEXT: [const]  %call = call i32 (ptr, ...) @printf(ptr @fmt, double %sq)
; CHECK-NEXT: [shadow] %at = getelementptr inbounds double, ptr %p, i64 1
; CHECK-NEXT: [active] %v = load double, ptr %at, align 8
; CHECK-NEXT: [active] %sum = fadd double %sq, %v
; CHECK-NEXT: [const]  %n1 = add i32 %n, 1
; CHECK-NEXT: [const]  %c = sitofp i32 %n1 to double
; CHECK-NEXT: [const]  %k = load double, ptr @scale, align 8
; CHECK-NEXT: [const]  %ck = fmul double %c, %k
; CHECK-NEXT: [active] %r = fmul double %sum, %ck
; CHECK-NEXT: [const]  ret double %r

; The primal's printf runs (4), then dg/dx = 2x (n+1) scale = 24 and
; dg/dp[1] = (n+1) scale = 6.
; OUT: {{^}}4{{$}}
; OUT-NEXT: {{^}}24 6{{$}}
