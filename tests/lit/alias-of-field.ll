; An alias naming a field of a global (a GEP aliasee, as LLVM's global
; merging makes) is that field: a store through the alias and a load through
; the global carry one derivative, in both modes.  Before, the alias had no
; shadow and both derivatives were 2.25 (x^3 at 1.5 gives 6.75).
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; CHECK-LABEL: define internal double @diffe_f(
; CHECK: getelementptr inbounds ({ double, double }, ptr @s_shadow, i64 0, i32 1)
; OUT: reverse 6.75
; OUT-NEXT: forward 6.75
@s = global { double, double } zeroinitializer, align 8
@b = alias double, getelementptr inbounds ({ double, double }, ptr @s, i64 0, i32 1)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@rev = private constant [8 x i8] c"reverse\00"
@fwd = private constant [8 x i8] c"forward\00"

define double @f(double %x) {
  %sq = fmul double %x, %x
  store double %sq, ptr @b, align 8
  %p = getelementptr inbounds i8, ptr @s, i64 8
  %v = load double, ptr %p, align 8
  %r = fmul double %v, %x
  ret double %r
}

declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)

define i32 @main() {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 1.5)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @rev, double %d)
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, double 1.5, double 1.0)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @fwd, double %t)
  ret i32 0
}
