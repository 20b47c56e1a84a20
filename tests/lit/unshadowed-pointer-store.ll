; A pointer into memory without a shadow (here an enzyme_const argument)
; stored into memory that has one (a local iterator object, as C++ -O0
; code keeps them, that also holds a duplicated pointer): read back, the
; derivative code would need a shadow it does not have.  (A slot only ever
; holding pointers without shadows needs none: tests/e2e/memory/
; const_pointer_slot.c.)  Forward mode used the primal pointer in its place and
; read the constant data as tangents (a silently wrong tangent); both
; modes now stop with a located error.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/__enzyme_autodiff(ptr @f, ptr %w, ptr %dw/__enzyme_fwddiff(ptr @f, ptr %w, ptr %dw/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s

; CHECK: .ll:21:3: error: cannot differentiate storing a pointer to memory without a shadow (constant, or reached through an enzyme_const argument) into memory that carries derivatives; pass argument 2 of 'f' with enzyme_dup and a shadow zeroed before each call (the derivative it receives can be ignored; if it points into memory another argument is passed duplicated, that argument's shadow at the same offset) in function 'f'
@enzyme_const = external global i32
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)

define double @f(ptr %w, ptr %data) {
  %it = alloca { ptr, i64 }
  %field = getelementptr inbounds { ptr, i64 }, ptr %it, i32 0, i32 0
  store ptr %data, ptr %field
  %p = load ptr, ptr %field
  %d = load double, ptr %p
  store ptr %w, ptr %field
  %x = load double, ptr %w
  %r = fmul double %x, %d
  ret double %r
}

define double @grad(ptr %w, ptr %dw, ptr %data) {
  %c = load i32, ptr @enzyme_const
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %w, ptr %dw, i32 %c, ptr %data)
  ret double %r
}
