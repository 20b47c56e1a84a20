; Addresses passed to and returned from helpers as integers.  A helper
; choosing one of two addresses (a select of their bits) returns a pointer
; in its variant, so the shadow follows: f = x0 * (c ? x1 : x2) at
; x = (2, 3, 5), c true: df/dx = (3, 2, 0).
; A helper aligning the address (`and`), and a pointer made of what a helper
; returns after the address went through a local variable (clang -O0), are
; errors at the instruction, not a missing shadow (also with the offset
; added on the left: SWAPPED).
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: %lli %t.out.ll | FileCheck --check-prefix=OUT %s
; RUN: sed -e 's/^; A: //' %s > %t.align.ll
; RUN: not enzyme-opt %t.align.ll -o %t.align.out.ll 2>&1 | FileCheck --check-prefix=ALIGN %s
; RUN: sed -e 's/^; L: //' %s > %t.local.ll
; RUN: not enzyme-opt %t.local.ll -o %t.local.out.ll 2>&1 | FileCheck --check-prefix=LOCAL %s
; RUN: sed -e 's/^; L: //' -e 's/^; K: //' -e '/inttoptr i64 .next to ptr/d' %s > %t.swapped.ll
; RUN: not enzyme-opt %t.swapped.ll -o %t.swapped.out.ll 2>&1 | FileCheck --check-prefix=SWAPPED %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

define internal i64 @pick(ptr %a, ptr %b, i1 %c) noinline {
  %ai = ptrtoint ptr %a to i64
  %bi = ptrtoint ptr %b to i64
  %r = select i1 %c, i64 %ai, i64 %bi
  ret i64 %r
}

define double @f(ptr %x, i1 %c) {
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  %x2 = getelementptr inbounds double, ptr %x, i64 2
  %addr = call i64 @pick(ptr %x1, ptr %x2, i1 %c)
  %p = inttoptr i64 %addr to ptr
  %v = load double, ptr %p, align 8
  %x0 = load double, ptr %x, align 8
  %r = fmul double %x0, %v
  ret double %r
}

; A: define internal i64 @align8(i64 %a) noinline {
; A:   %up = add i64 %a, 7
; A:   %r = and i64 %up, -8
; A:   ret i64 %r
; A: }
; A: define double @g(ptr %x) {
; A:   %a = ptrtoint ptr %x to i64
; A:   %aligned = call i64 @align8(i64 %a)
; A:   %p = inttoptr i64 %aligned to ptr
; A:   %v = load double, ptr %p, align 8
; A:   %r = fmul double %v, %v
; A:   ret double %r
; A: }
; A: define double @grad_g(ptr %x, ptr %dx) {
; A:   %r = call double (...) @__enzyme_autodiff(ptr @g, ptr %x, ptr %dx)
; A:   ret double %r
; A: }
; ALIGN: {{.*}}.ll:[[#@LINE-10]]:3: error: cannot differentiate the address of a pointer with a shadow passed to 'align8' as i64, which computes an address from it beyond adding offsets

; L: define internal i64 @step(i64 %a, i64 %k) noinline {
; L:   %slot = alloca i64, align 8
; L:   store i64 %a, ptr %slot, align 8
; L:   %reload = load i64, ptr %slot, align 8
; L:   %off = mul i64 %k, 8
; L:   %r = add i64 %reload, %off
; L:   ret i64 %r
; L: }
; L: define double @h(ptr %x, i64 %k) {
; L:   %a = ptrtoint ptr %x to i64
; L:   %next = call i64 @step(i64 %a, i64 1)
; K:   %moved = add i64 %k, %next
; K:   %p = inttoptr i64 %moved to ptr
; L:   %p = inttoptr i64 %next to ptr
; L:   %v = load double, ptr %p, align 8
; L:   ret double %v
; L: }
; L: define double @grad_h(ptr %x, ptr %dx) {
; L:   %r = call double (...) @__enzyme_autodiff(ptr @h, ptr %x, ptr %dx, i64 0)
; L:   ret double %r
; L: }
; LOCAL: {{.*}}.ll:[[#@LINE-8]]:3: error: cannot differentiate a pointer made of the integer returned by 'step', computed from a pointer with a shadow
; SWAPPED: {{.*}}.ll:{{[0-9]+}}:3: error: cannot differentiate a pointer made of the integer returned by 'step', computed from a pointer with a shadow
; SWAPPED-NEXT: %p = inttoptr i64 %moved to ptr

define i32 @main() {
  %x = alloca [3 x double]
  %dx = alloca [3 x double]
  store [3 x double] [double 2.0, double 3.0, double 5.0], ptr %x
  store [3 x double] zeroinitializer, ptr %dx
  call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i1 true)
  %d0 = load double, ptr %dx
  %p1 = getelementptr double, ptr %dx, i64 1
  %d1 = load double, ptr %p1
  %p2 = getelementptr double, ptr %dx, i64 2
  %d2 = load double, ptr %p2
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2)
  ret i32 0
}
; OUT: 3 2 0
