; Under fast-math a power with a negative constant exponent, a division or a
; log promises its result finite, so its partial (infinite only where the
; result is) needs no 0 * inf guard: unless every use of the value ends in
; a select's arm (rules.py `_kept`).  LLVM computes both sides of
; `u > 1 ? pow(u, -1.7) : 2 * u` and selects; at u = 0 the source never
; took the power, the adjoint of the discarded side is 0 and its product
; with the infinite partial must be 0, not NaN.  With the same power
; returned (g), where the promise holds: no guard.
; Gradients: e2e reverse/fastmath_pole_on_other_path.c.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=KEPT %s < %t.ll

declare double @__enzyme_autodiff(...)
declare double @llvm.pow.f64(double, double)

define double @f(double %u) {
  %p = call fast double @llvm.pow.f64(double %u, double -1.700000e+00)
  %q = fdiv fast double 1.000000e+00, %u
  %t = fmul fast double %u, 2.000000e+00
  %c = fcmp fast ogt double %u, 1.000000e+00
  %a = select fast i1 %c, double %p, double %t
  %s = select fast i1 %c, double %q, double %a
  ret double %s
}

define double @g(double %u) {
  %p = call fast double @llvm.pow.f64(double %u, double -1.700000e+00)
  ret double %p
}

define double @grad(double %u) {
  %df = call double (...) @__enzyme_autodiff(ptr @f, double %u)
  %dg = call double (...) @__enzyme_autodiff(ptr @g, double %u)
  %d = fadd double %df, %dg
  ret double %d
}

; CHECK-LABEL: define internal {{.*}} @diffe_f(
; CHECK: [[QZ:%[^ ]+]] = fcmp oeq double %q.adj.val, 0.000000e+00
; CHECK: select i1 [[QZ]], double 0.000000e+00
; CHECK: [[PZ:%[^ ]+]] = fcmp oeq double %p.adj.val, 0.000000e+00
; CHECK: call reassoc nsz arcp contract afn double @llvm.pow.f64(double %u
; CHECK: select i1 [[PZ]], double 0.000000e+00
; KEPT-LABEL: define internal {{.*}} @diffe_g(
; KEPT-NOT: fcmp oeq double %p.adj.val
; KEPT: call fast double @llvm.pow.f64(double %u
; KEPT-NOT: fcmp oeq double %p.adj.val
; KEPT: ret
