; A function without a body or a derivative rule that may write through a
; pointer to memory carrying derivatives (qsort of the active array, a
; function defined in another file) would leave its shadow stale, so the
; gradient would be silently wrong: it is an error, in reverse and forward
; mode.  Attributes that rule out writing through the argument (a
; `readonly` parameter, `memory(argmem: read)`) make the call harmless.
; RUN: rm -f %t.out.ll
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.out.ll
; RUN: sed -e 's/__enzyme_autodiff/__enzyme_fwddiff/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s --check-prefix=FWD
; RUN: sed -e 's/call void @scale(/call void @peek(/' %s > %t.peek.ll
; RUN: enzyme-opt %t.peek.ll -o %t.peek.out.ll
; RUN: sed -e 's/call void @scale(/call void @look(/' %s > %t.look.ll
; RUN: enzyme-opt %t.look.ll -o %t.look.out.ll

; CHECK: opaque-call-error.ll:24:3: error: cannot differentiate call to 'scale' (no derivative rule and no body), which may write through its argument 1 to memory that carries derivatives in function 'f'
; FWD: error: cannot differentiate call to 'scale' (no derivative rule and no body), which may write through its argument 1
declare void @scale(ptr, i32)
declare void @peek(ptr readonly, i32)
declare void @look(ptr, i32) memory(argmem: read)

define double @f(ptr %x) {
  call void @scale(ptr %x, i32 2)
  %v = load double, ptr %x
  %r = fmul double %v, %v
  ret double %r
}

declare double @__enzyme_autodiff(...)

define void @main(ptr %x, ptr %dx) {
  %g = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  ret void
}
