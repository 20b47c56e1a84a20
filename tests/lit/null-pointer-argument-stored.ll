; A callee that stores its pointer argument into memory that carries
; derivatives (an -O0 constructor of a view object).  Given `ptr null` the
; argument is taken duplicated, its shadow being null too, and the callee's
; copy stores the null shadow beside it.  Given a pointer into an
; enzyme_const argument's memory instead, the stored pointer has no shadow:
; still refused (tests/lit/unshadowed-pointer-store.ll is the same in one
; function).
; RUN: enzyme-opt %s -o - | FileCheck %s --check-prefix=NULL
; RUN: sed -e 's/call void @init(ptr %view, ptr null)/call void @init(ptr %view, ptr %data)/' %s > %t.const.ll
; RUN: not enzyme-opt %t.const.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=CONST
; RUN: sed -e 's/__enzyme_autodiff(ptr @f, ptr %w, ptr %dw/__enzyme_fwddiff(ptr @f, ptr %w, ptr %dw/' %t.const.ll > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s --check-prefix=CONST

; NULL: call void @augmented_init(ptr %tape, ptr %view, ptr %"view'", ptr null, ptr null)
; CONST: .ll:[[#]]:3: error: cannot differentiate storing a pointer to memory without a shadow (constant, or reached through an enzyme_const argument) into memory that carries derivatives; pass argument 2 of 'init' with enzyme_dup and a shadow zeroed before each call (the derivative it receives can be ignored; if it points into memory another argument is passed duplicated, that argument's shadow at the same offset) in function 'init'
@enzyme_const = external global i32
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)

define void @init(ptr %v, ptr %p) noinline {
  store ptr %p, ptr %v
  ret void
}

define double @f(ptr %w, ptr %data) {
  %view = alloca ptr
  call void @init(ptr %view, ptr null)
  call void @init(ptr %view, ptr %w)
  %p = load ptr, ptr %view
  %x = load double, ptr %p
  %d = load double, ptr %data
  %r = fmul double %x, %d
  ret double %r
}

define double @grad(ptr %w, ptr %dw, ptr %data) {
  %c = load i32, ptr @enzyme_const
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %w, ptr %dw, i32 %c, ptr %data)
  ret double %r
}
