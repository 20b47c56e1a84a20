; A derivative differentiated again in its own mode, where the function keeps
; a value in a global: the first derivative keeps the global's derivatives in
; a shadow global, and the second would keep its own derivative of the
; global in that same shadow global, which the code it differentiates uses
; as data.  Forward over forward of g = sin(x); g * g (the load of g after
; its store, as at -O0) gave 1.17 for 2 cos(1.4) = 0.34, reverse over
; reverse of a scratch-and-state function x sin(x) too much (exit 0).
; Refused in both modes; forward over reverse has shadows of its own and is
; accepted (tests/e2e/modes/second_order_global_scratch.c).
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/__enzyme_fwddiff(ptr @tangent, double %x, double 1.0)/__enzyme_autodiff(ptr @grad, double %x)/' %s > %t.rev.ll
; RUN: not enzyme-opt %t.rev.ll -o %t.rev.out.ll 2>&1 | FileCheck --check-prefix=REV %s
; RUN: sed -e 's/__enzyme_fwddiff(ptr @tangent/__enzyme_fwddiff(ptr @grad/' %s > %t.fwdrev.ll
; RUN: enzyme-opt %t.fwdrev.ll -o %t.fwdrev.out.ll
; CHECK: error: cannot differentiate in forward mode a forward-mode derivative that keeps the derivatives of global '@g' in '@g_tangent'
; REV: error: cannot differentiate in reverse mode a reverse-mode derivative that keeps the derivatives of global '@g' in '@g_shadow'

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare double @llvm.sin.f64(double)

@g = global double 0.0

define double @f(double %x) {
  %s = call double @llvm.sin.f64(double %x)
  store double %s, ptr @g
  %a = load double, ptr @g
  %b = load double, ptr @g
  %r = fmul double %a, %b
  ret double %r
}

define double @tangent(double %x) {
  %t = call double (...) @__enzyme_fwddiff(ptr @f, double %x, double 1.0)
  ret double %t
}

define double @grad(double %x) {
  %t = call double (...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %t
}

define double @main_second(double %x) {
  %h = call double (...) @__enzyme_fwddiff(ptr @tangent, double %x, double 1.0)
  ret double %h
}
