; pow(x, c)'s partial c * x^(c-1) is c * (p / x) where the reverse pass reads
; the power p back anyway (here for the adjoint of %s): a division, not a
; second pow call (tools/perfhunt/transcend.c: 4 pow calls per element
; before, 2 after).  Where p is not a normal number (x = 0, p overflowed or
; underflowed) or a runtime exponent is infinite, x^(c-1) comes from the
; call, in a block that runs only then.  Where nothing reads p back (@alone)
; it is not kept for this: the call stays.  A vector takes the division where
; every lane may.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

@enzyme_const = external global i32
declare double @__enzyme_autodiff(...)
declare double @llvm.pow.f64(double, double)
declare double @llvm.powi.f64.i32(double, i32)
declare <2 x double> @llvm.pow.v2f64(<2 x double>, <2 x double>)
declare double @llvm.vector.reduce.fadd.v2f64(double, <2 x double>)

; The adjoint of %s reads %p back: x^(0.3-1) is %p / %x.
define double @reused(double %x, double %s) {
  %p = call double @llvm.pow.f64(double %x, double 0.3)
  %m = fmul double %p, %s
  ret double %m
}

; Nobody reads %p back: x^(0.3-1) is a pow call, and %p is not kept for it.
define double @alone(double %x) {
  %p = call double @llvm.pow.f64(double %x, double 0.3)
  %m = fmul double %p, 2.0
  ret double %m
}

; A runtime exponent must be finite too; powi's integer one always is.
define double @runtime(double %x, double %s, double %c) {
  %p = call double @llvm.pow.f64(double %x, double %c)
  %m = fmul double %p, %s
  ret double %m
}

define double @integer(double %x, double %s, i32 %n) {
  %p = call double @llvm.powi.f64.i32(double %x, i32 %n)
  %m = fmul double %p, %s
  ret double %m
}

; Vectors: the division where every lane's power is a normal number.
define double @vector(ptr %x) {
  %v = load <2 x double>, ptr %x
  %p = call <2 x double> @llvm.pow.v2f64(<2 x double> %v, <2 x double> <double 0.3, double 0.3>)
  %a = fadd <2 x double> %v, <double 2.0, double 2.0>
  %m = fmul <2 x double> %p, %a
  %r = call double @llvm.vector.reduce.fadd.v2f64(double -0.0, <2 x double> %m)
  ret double %r
}

define void @grads(double %x, double %s, double %c, i32 %n, ptr %v, ptr %dv) {
  %1 = call { double, double } (...) @__enzyme_autodiff(ptr @reused, double %x, double %s)
  %2 = call double (...) @__enzyme_autodiff(ptr @alone, double %x)
  %3 = call { double, double } (...) @__enzyme_autodiff(ptr @runtime, double %x, double %s, ptr @enzyme_const, double %c)
  %4 = call { double, double } (...) @__enzyme_autodiff(ptr @integer, double %x, double %s, ptr @enzyme_const, i32 %n)
  call void (...) @__enzyme_autodiff(ptr @vector, ptr %v, ptr %dv)
  ret void
}

; CHECK-LABEL: define internal { double, double } @diffe_reused(
; CHECK: %p = call double @llvm.pow.f64(double %x, double 0.3)
; CHECK-NEXT: store double %p, ptr %p.slot
; CHECK: %p.rev = load double, ptr %p.slot
; CHECK: %[[ABS:[0-9]+]] = call double @llvm.fabs.f64(double %p.rev)
; CHECK-NEXT: %[[FIN:[0-9]+]] = fcmp olt double %[[ABS]], 0x7FF0000000000000
; CHECK-NEXT: %[[NORM:[0-9]+]] = fcmp oge double %[[ABS]], 0x0010000000000000
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %[[NORM]], %[[FIN]]
; CHECK-NEXT: %[[LIKELY:[0-9]+]] = call i1 @llvm.expect.i1(i1 %[[OK]], i1 true)
; CHECK-NEXT: %[[QUOT:[0-9]+]] = fdiv double %p.rev, %x
; CHECK-NEXT: br i1 %[[LIKELY]], label %rule.join, label %rule.slow
; CHECK: rule.slow:
; CHECK-NEXT: %[[CM1:[0-9]+]] = fsub double 0.3, 1.0
; CHECK-NEXT: %[[POW:[0-9]+]] = call double @llvm.pow.f64(double %x, double %[[CM1]])
; CHECK-NEXT: br label %rule.join
; CHECK: rule.join:
; CHECK-NEXT: %[[LOWER:[0-9]+]] = phi double [ %[[QUOT]], %invert.bb ], [ %[[POW]], %rule.slow ]
; CHECK-NEXT: fmul double 0.3, %[[LOWER]]
; CHECK-NOT: @llvm.pow
; CHECK: ret { double, double }

; CHECK-LABEL: define internal double @diffe_alone(
; CHECK-NOT: slot
; CHECK: %[[CM1:[0-9]+]] = fsub double 0.3, 1.0
; CHECK-NEXT: call double @llvm.pow.f64(double %x, double %[[CM1]])
; CHECK-NOT: rule.slow
; CHECK: ret double

; CHECK-LABEL: define internal { double, double } @diffe_runtime(
; CHECK: %[[ABS:[0-9]+]] = call double @llvm.fabs.f64(double %p.rev)
; CHECK: %[[NORMAL:[0-9]+]] = and i1
; CHECK-NEXT: %[[CABS:[0-9]+]] = call double @llvm.fabs.f64(double %c)
; CHECK-NEXT: %[[CFIN:[0-9]+]] = fcmp olt double %[[CABS]], 0x7FF0000000000000
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %[[NORMAL]], %[[CFIN]]
; CHECK-NEXT: call i1 @llvm.expect.i1(i1 %[[OK]], i1 true)
; CHECK-NEXT: fdiv double %p.rev, %x
; CHECK: rule.slow:
; CHECK-NEXT: fsub double %c, 1.0
; CHECK-NEXT: call double @llvm.pow.f64(double %x,

; CHECK-LABEL: define internal { double, double } @diffe_integer(
; CHECK: call double @llvm.fabs.f64(double %p.rev)
; CHECK-NOT: fabs
; CHECK: fdiv double %p.rev, %x
; CHECK-NEXT: br i1 {{.*}}, label %rule.join, label %rule.slow
; CHECK: rule.slow:
; CHECK: call double @llvm.powi.f64.i32(double %x,

; CHECK-LABEL: define internal void @diffe_vector(
; CHECK: %[[ABS:[0-9]+]] = call <2 x double> @llvm.fabs.v2f64(<2 x double> %p.rev)
; CHECK: %[[LANES:[0-9]+]] = and <2 x i1>
; CHECK-NEXT: %[[EVERY:[0-9]+]] = call i1 @llvm.vector.reduce.and.v2i1(<2 x i1> %[[LANES]])
; CHECK-NEXT: %[[LIKELY:[0-9]+]] = call i1 @llvm.expect.i1(i1 %[[EVERY]], i1 true)
; CHECK-NEXT: fdiv <2 x double> %p.rev, %v.re
; CHECK-NEXT: br i1 %[[LIKELY]], label %rule.join, label %rule.slow
; CHECK: rule.slow:
; CHECK: call <2 x double> @llvm.pow.v2f64(<2 x double> %v.re,
