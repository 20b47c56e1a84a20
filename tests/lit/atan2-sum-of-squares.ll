; atan2(y, x)'s partials in the reverse pass are x / d and -y / d with
; d = x^2 + y^2 squared without fast-math flags (an overflow must reach the
; test as inf, not poison), where d is a normal number; elsewhere (d
; overflowed, is subnormal or 0) they are (x / h) / h with h = hypot(y, x),
; in a block that runs only then (tools/perfhunt/atan2_angle.c: a hypot call
; per element cost 16% of the gradient before).  Forward mode puts tangents
; mid-block, where no branch may go: hypot there.  The partials are built
; without nnan/ninf: at (0, 0), where atan2 is finite, they are 0/0
; (rules.py `rule_flags`), so a zero adjoint needs the guard that makes
; its products 0, but only in the hypot block: where d is normal the
; partials are finite (`finite_fast`).
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

@enzyme_dup = external global i32
declare { double, double } @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare double @atan2(double, double)

define double @angle(double %y, double %x) {
  %a = call fast double @atan2(double %y, double %x)
  ret double %a
}

define void @grad(double %y, double %x) {
  %g = call { double, double } (...) @__enzyme_autodiff(ptr @angle, double %y, double %x)
  ret void
}

define double @tangent(double %y, double %x) {
  %t = call double (...) @__enzyme_fwddiff(ptr @angle, double %y, double 1.0, double %x, double 0.0)
  ret double %t
}

; CHECK-LABEL: define internal {{.*}} @diffe_angle(
; CHECK: [[XX:%[^ ]+]] = fmul double %x, %x
; CHECK: [[YY:%[^ ]+]] = fmul double %y, %y
; CHECK: [[D:%[^ ]+]] = fadd double [[XX]], [[YY]]
; CHECK-NOT: fcmp oeq
; CHECK: fdiv reassoc nsz arcp contract afn double %x, [[D]]
; CHECK-NOT: select
; CHECK: br i1 {{%[^ ]+}}, label %rule.join, label %rule.slow
; CHECK: rule.slow:
; CHECK-NEXT: [[Z:%[^ ]+]] = fcmp oeq double %a.adj.val, 0.0
; CHECK-NEXT: call reassoc nsz arcp contract afn double @hypot(double %y, double %x)
; CHECK: select i1 [[Z]], double 0.0
; CHECK: rule.join:
; CHECK-NOT: select
; CHECK: fdiv reassoc nsz arcp contract afn double %y, [[D]]
; CHECK-NOT: select
; CHECK: rule.slow.1:
; CHECK-NEXT: [[Z1:%[^ ]+]] = fcmp oeq double %a.adj.val, 0.0
; CHECK-NEXT: [[NY:%[^ ]+]] = fneg reassoc nsz arcp contract afn double %y
; CHECK-NEXT: [[H:%[^ ]+]] = call reassoc nsz arcp contract afn double @hypot(double %y, double %x)
; CHECK-NEXT: [[Q:%[^ ]+]] = fdiv double [[NY]], [[H]]
; CHECK-NEXT: fdiv double [[Q]], [[H]]
; CHECK: select i1 [[Z1]], double 0.0
; CHECK-LABEL: define internal {{.*}} @fwddiffe_angle(
; CHECK-NOT: rule.slow
; CHECK: call reassoc nsz arcp contract afn double @hypot(
; CHECK-NOT: rule.slow
; CHECK: ret
