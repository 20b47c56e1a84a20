; Intrinsics returning a pointer into their argument's memory: the shadow
; follows them as it follows the argument.  f(x) = x0 * x1 read through
; llvm.launder.invariant.group, llvm.strip.invariant.group (C++ with
; -fstrict-vtable-pointers) and llvm.ptrmask: at x = (2, 3), df/dx = (3, 2).
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: %lli %t.out.ll | FileCheck --check-prefix=OUT %s
; OUT: 3 2

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare ptr @llvm.launder.invariant.group.p0(ptr)
declare ptr @llvm.strip.invariant.group.p0(ptr)
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)

@fmt = private constant [7 x i8] c"%g %g\0A\00"

define double @f(ptr %x) {
  %laundered = call ptr @llvm.launder.invariant.group.p0(ptr %x)
  %a = load double, ptr %laundered, align 8
  %next = getelementptr inbounds i8, ptr %x, i64 15
  %aligned = call ptr @llvm.ptrmask.p0.i64(ptr %next, i64 -8)
  %stripped = call ptr @llvm.strip.invariant.group.p0(ptr %aligned)
  %b = load double, ptr %stripped, align 8
  %r = fmul double %a, %b
  ret double %r
}

define i32 @main() {
  %x = alloca [2 x double], align 16
  %dx = alloca [2 x double], align 16
  store double 2.0, ptr %x
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  store double 3.0, ptr %x1
  store double 0.0, ptr %dx
  %dx1 = getelementptr inbounds double, ptr %dx, i64 1
  store double 0.0, ptr %dx1
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %g0 = load double, ptr %dx
  %g1 = load double, ptr %dx1
  call i32 (ptr, ...) @printf(ptr @fmt, double %g0, double %g1)
  ret i32 0
}
