; y[i] = a * x[i]: `a` is used by every iteration, so the reverse loop sums
; dy[i] * x[i] into a's adjoint.  The order of that sum is the reverse pass's
; own choice, so the accumulation is `reassoc`, and LLVM's loop vectorizer
; may split it into vector lanes (it must not for an exact IEEE sum).
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -S -O2 -mtriple=x86_64-unknown-linux-gnu %t.ll | FileCheck --check-prefix=VEC %s
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@enzyme_const = external global i32

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define void @scale(ptr noalias %y, ptr noalias %x, double %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %ax = fmul double %a, %v
  %py = getelementptr inbounds double, ptr %y, i64 %i
  store double %ax, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define internal {{.*}} @diffe_scale(
; CHECK:       invert.loop:
; CHECK:       %[[D:[0-9]+]] = fmul double %v.re{{.*}}, %{{.*}}
; CHECK:       fadd reassoc double %{{[0-9]+}}, %[[D]]

; After -O2 for x86-64 the reverse loop (inlined into main) adds two lanes at
; a time.
; VEC-LABEL: define {{.*}} @main(
; VEC:       fadd reassoc <2 x double>

define i32 @main() {
entry:
  %x = alloca [16 x double]
  %y = alloca [16 x double]
  %dy = alloca [16 x double]
  %count = alloca i64                  ; read back volatile: -O2 cannot fold the loops away
  store volatile i64 16, ptr %count
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %i.fp = uitofp i64 %i to double
  %xi = fadd double %i.fp, 1.0
  %px = getelementptr inbounds double, ptr %x, i64 %i
  store double %xi, ptr %px
  %pdy = getelementptr inbounds double, ptr %dy, i64 %i
  store double 1.0, ptr %pdy
  %i.next = add nuw nsw i64 %i, 1
  %filled = icmp eq i64 %i.next, 16
  br i1 %filled, label %run, label %fill
run:
  %const = load i32, ptr @enzyme_const
  %n = load volatile i64, ptr %count
  %da = call double (...) @__enzyme_autodiff(ptr @scale, ptr %y, ptr %dy, i32 %const, ptr %x,
                                             double 2.0, i64 %n)
  %dy0 = load double, ptr %dy
  call i32 (ptr, ...) @printf(ptr @fmt, double %da, double %dy0)
  ret i32 0
}
; d/da sum_i y[i] = sum_i x[i] = 1 + 2 + ... + 16 = 136; dy is consumed.
; OUT: 136 0
