; Memory returned by a call whose target the AD cannot see (an indirect call
; through a pointer the module may change, or a function without a body that
; is no allocator) has no known shadow: an active value stored there would
; lose its derivative.  That is an error at the store, not a zero gradient.
; An indirect call through a global table's field that nothing writes is a
; call of the function the initializer names (here malloc): it differentiates.
; RUN: enzyme-opt %s -o %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; RUN: sed -e 's/^; I: //' %s > %t.indirect.ll
; RUN: not enzyme-opt %t.indirect.ll -o %t.out1.ll 2>&1 | FileCheck --check-prefix=IND %s
; RUN: sed -e 's/^; D: //' %s > %t.decl.ll
; RUN: not enzyme-opt %t.decl.ll -o %t.out2.ll 2>&1 | FileCheck --check-prefix=DECL %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)

@fmt = private constant [4 x i8] c"%g\0A\00"
@table = global { i32, ptr } { i32 0, ptr @malloc }
@changing = global ptr @malloc

; f(x) = x^3 through a block from table.alloc: 3 x^2 = 12 at x = 2
define double @f(double %x) {
  %count = load i32, ptr @table
  %more = add i32 %count, 1
  store i32 %more, ptr @table
  %alloc = load ptr, ptr getelementptr ({ i32, ptr }, ptr @table, i32 0, i32 1)
  %m = call ptr %alloc(i64 8)
  %sq = fmul double %x, %x
  store double %sq, ptr %m
  %v = load double, ptr %m
  %r = fmul double %v, %x
  call void @free(ptr %m)
  ret double %r
}

; I: define void @swap_allocator(ptr %fn) {
; I:   store ptr %fn, ptr @changing
; I:   ret void
; I: }
; I: define double @g(double %x) {
; I:   %alloc = load ptr, ptr @changing
; I:   %m = call ptr %alloc(i64 8)
; I:   store double %x, ptr %m
; I:   %v = load double, ptr %m
; I:   ret double %v
; I: }
; I: define double @use_g(double %x) {
; I:   %d = call double (...) @__enzyme_autodiff(ptr @g, double %x)
; I:   ret double %d
; I: }
; IND: unknown-memory-store.ll.tmp.indirect.ll:[[#]]:3: error: cannot differentiate a store of an active value into memory returned by an indirect call
; IND-SAME: in function 'g'

; D: declare ptr @pool_take(i64)
; D: define double @h(double %x) {
; D:   %m = call ptr @pool_take(i64 8)
; D:   store double %x, ptr %m
; D:   %v = load double, ptr %m
; D:   ret double %v
; D: }
; D: define double @use_h(double %x) {
; D:   %d = call double (...) @__enzyme_autodiff(ptr @h, double %x)
; D:   ret double %d
; D: }
; DECL: error: cannot differentiate a store of an active value into memory returned by 'pool_take'

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @f, double 2.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}
; OUT: 12
