; Forward mode runs the tangent's operations between the function's own.
; erf's tangent calls exp, which sets errno (ERANGE: it underflows at
; x = 30) before the function tests errno: the primal took the other path
; and the tangent came out 5 for 1, exit status 0 (found by the review of
; 2026-11-27).  Refused where the tangent adds a call that may set errno,
; and always where the function reads the floating-point exception flags,
; which any tangent arithmetic raises.  Accepted: the same function in
; reverse mode (its derivative runs after the errno test), and a tangent
; that adds no such call (sqrt's is a division; llvm.sqrt is an instruction).
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=ERRNO
; RUN: sed -e 's/__enzyme_fwddiff(ptr @f, double %x, double 1.0)/__enzyme_autodiff(ptr @f, double %x)/' %s > %t.rev.ll
; RUN: enzyme-opt %t.rev.ll -o %t.rev.out.ll
; RUN: sed -e 's/call double @erf(double %x)/call double @llvm.sqrt.f64(double %x)/' %s > %t.sqrt.ll
; RUN: enzyme-opt %t.sqrt.ll -o %t.sqrt.out.ll
; RUN: sed -e 's/call ptr @__errno_location()/call ptr @flags()/' -e 's/load i32, ptr %e/call i32 @fetestexcept(i32 61)/' %s > %t.flags.ll
; RUN: not enzyme-opt %t.flags.ll -o %t.flags.out.ll 2>&1 | FileCheck %s --check-prefix=FLAGS
; errno read by the C library for a printf "%m" format (snprintf), no accessor in sight:
; RUN: sed -e 's/call ptr @__errno_location()/call ptr @flags()/' -e 's/load i32, ptr %e/call i32 (ptr, i64, ptr, ...) @snprintf(ptr null, i64 0, ptr @fmt)/' %s > %t.fmt.ll
; RUN: not enzyme-opt %t.fmt.ll -o %t.fmt.out.ll 2>&1 | FileCheck %s --check-prefix=FORMAT

; ERRNO: forward-reads-errno.ll:[[#@LINE+17]]:{{[0-9]+}}: error: cannot differentiate in forward mode a function that reads errno (through '__errno_location'): the tangent's own math calls
; FORMAT: error: cannot differentiate in forward mode a function that reads errno (through 'snprintf')
; FLAGS: error: cannot differentiate in forward mode a function that reads the floating-point exception flags (through 'fetestexcept'): the tangent's own arithmetic

@fmt = private constant [3 x i8] c"%m\00"

declare double @__enzyme_fwddiff(...)
declare i32 @snprintf(ptr, i64, ptr, ...)
declare double @__enzyme_autodiff(...)
declare ptr @__errno_location()
declare ptr @flags()
declare i32 @fetestexcept(i32)
declare double @erf(double)
declare double @llvm.sqrt.f64(double)

define internal double @f(double %x) {
entry:
  %e = call ptr @__errno_location()
  store i32 0, ptr %e
  %r = call double @erf(double %x)
  %err = load i32, ptr %e
  %bad = icmp ne i32 %err, 0
  br i1 %bad, label %fail, label %ok
fail:
  %five = fmul double %x, 5.0
  ret double %five
ok:
  %sum = fadd double %r, %x
  ret double %sum
}

define double @tangent(double %x) {
  %t = call double (...) @__enzyme_fwddiff(ptr @f, double %x, double 1.0)
  ret double %t
}
