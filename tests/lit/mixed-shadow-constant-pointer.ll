; A constant pointer with no shadow meeting active memory is named in the
; refusal by its text (the SLP vectorizer's `inttoptr` of a double's bits,
; fuzzer seed 7723, was "the pointer a constant"), in both modes; no output
; file is written.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.out.ll
; RUN: sed 's/@__enzyme_autodiff(ptr @f/@__enzyme_fwddiff(ptr @f/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s
; CHECK: .ll:[[@LINE+4]]:3: error: cannot differentiate: the pointer 'inttoptr (i64 4598175219545276416 to ptr)' has no shadow but meets memory that carries derivatives here (constant and active memory mixed) in function 'f'
; CHECK-NEXT: %p = select i1 %c, ptr %x, ptr inttoptr (i64 4598175219545276416 to ptr)
target triple = "x86_64-pc-linux-gnu"
define double @f(ptr %x, i1 %c) {
  %p = select i1 %c, ptr %x, ptr inttoptr (i64 4598175219545276416 to ptr)
  %v = load double, ptr %p, align 8
  %w = fmul double %v, %v
  ret double %w
}
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
define double @caller(ptr %x, ptr %dx, i1 %c) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i1 %c)
  ret double %r
}
