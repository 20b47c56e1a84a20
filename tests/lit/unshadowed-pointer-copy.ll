; A struct holding a pointer, copied by memcpy out of an enzyme_const
; argument's memory into a heap block that carries derivatives (the block
; holds an active value too).  The copy's shadow pointer was left null:
; the reverse pass wrote adjoints through it (a segfault at -O0,
; `free(): invalid size` at -O2), and forward mode read tangents through
; it.  Like storing the pointer (unshadowed-pointer-store.ll), both modes
; now stop at the copy with a located error.  With the argument
; duplicated it is differentiated (tests/e2e/memory/copied_struct_pointers.c).
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/__enzyme_autodiff(ptr @f, ptr %x, ptr %dx/__enzyme_fwddiff(ptr @f, ptr %x, ptr %dx/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s

; CHECK: .ll:27:3: error: cannot differentiate copying pointers out of memory without a shadow (constant, or reached through an enzyme_const argument) into memory that carries derivatives; pass argument 2 of 'f' with enzyme_dup and a shadow zeroed before each call (the derivative it receives can be ignored; if it points into memory another argument is passed duplicated, that argument's shadow at the same offset) in function 'f'
@enzyme_const = external global i32
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; struct { int nrows, ncols; double *data; }: copy = *m; copy.data[0] *= *x
define double @f(ptr %x, ptr %m) {
  %copy = call ptr @malloc(i64 24)
  %xv = load double, ptr %x
  %slot = getelementptr inbounds i8, ptr %copy, i64 16
  store double %xv, ptr %slot
  call void @llvm.memcpy.p0.p0.i64(ptr %copy, ptr %m, i64 16, i1 false)
  %field = getelementptr inbounds i8, ptr %copy, i64 8
  %data = load ptr, ptr %field
  %d = load double, ptr %data
  %w = load double, ptr %slot
  %r = fmul double %d, %w
  store double %r, ptr %data
  call void @free(ptr %copy)
  ret double %r
}

define double @grad(ptr %x, ptr %dx, ptr %m) {
  %c = load i32, ptr @enzyme_const
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i32 %c, ptr %m)
  ret double %r
}
