; A duplicated pointer stored into memory without a shadow that is not a
; global itself: the field of an object a global points to
; (`current->data = y; reader()`), and the field of a struct reached
; through an enzyme_const argument, handed to a reader (`v->data = y;
; reader2(v)`).  The readers see no shadow beside the copy: gradient 0
; with exit status 0 (found by adversary3, clang 14/19 -O0..-O3; a known
; open shape).  Now refused at the store.  The constant struct's field
; only written, never read back nor handed on, is accepted.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/@__enzyme_autodiff(ptr @g, /@__enzyme_autodiff(ptr @h, /' %s > %t.h.ll
; RUN: not enzyme-opt %t.h.ll -o %t.h.out.ll 2>&1 | FileCheck --check-prefix=ARG %s
; RUN: sed -e 's/@__enzyme_autodiff(ptr @g, /@__enzyme_autodiff(ptr @w, /' %s > %t.w.ll
; RUN: enzyme-opt --verify %t.w.ll -o %t.w.out.ll

declare double @__enzyme_autodiff(...)

@current = global ptr null

define double @reader() {
  %view = load ptr, ptr @current
  %p = load ptr, ptr %view
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define double @g(ptr %y, ptr %unused) {
  %view = load ptr, ptr @current
  store ptr %y, ptr %view
  %r = call double @reader()
  ret double %r
}

define double @reader2(ptr %view) {
  %p = load ptr, ptr %view
  %v = load double, ptr %p
  %r = call double @llvm.sin.f64(double %v)
  ret double %r
}

define double @h(ptr %y, ptr %vp) {
  %view = load ptr, ptr %vp
  store ptr %y, ptr %view
  %r = call double @reader2(ptr %view)
  ret double %r
}

define double @w(ptr %y, ptr %vp) {
  %view = load ptr, ptr %vp
  store ptr %y, ptr %view
  %v = load double, ptr %y
  %r = fmul double %v, %v
  ret double %r
}

declare double @llvm.sin.f64(double)
@enzyme_const = external global i32

define double @caller(ptr %y, ptr %dy, ptr %vp) {
  %c = load i32, ptr @enzyme_const
  %d = call double (...) @__enzyme_autodiff(ptr @g, ptr %y, ptr %dy, i32 %c, ptr %vp)
  ret double %d
}

; CHECK: .ll:29:3: error: cannot differentiate a store of a pointer with a shadow into an object global '@current' points to
; ARG: .ll:43:3: error: cannot differentiate a store of a pointer with a shadow into memory reached through a constant argument, read back
