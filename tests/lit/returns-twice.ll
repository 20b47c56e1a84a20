; A function calling setjmp, to which a callee longjmps back: the code after
; the setjmp runs again, the forward sweep records it twice, the reverse
; undoes it once (the gradient of 3 sin(x) x came out as that of sin(x) x,
; exit status 0; forward mode the same at -O1..-O3; found by adversary3).
; Refused in both modes, whether returns_twice is on the declaration or
; only on the call.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/^declare i32 @_setjmp(ptr) #0/declare i32 @_setjmp(ptr)/' -e 's/__enzyme_autodiff(ptr @f, double %x)/__enzyme_fwddiff(ptr @f, double %x, double 1.0)/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck --check-prefixes=CHECK,FWD %s

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @_setjmp(ptr) #0
declare void @again()
declare double @llvm.sin.f64(double)

@env = global [200 x i8] zeroinitializer

define double @f(double %x) {
entry:
  %acc = alloca double
  store volatile double 0.0, ptr %acc
  %j = call i32 @_setjmp(ptr @env) #0
  %old = load volatile double, ptr %acc
  %s = call double @llvm.sin.f64(double %x)
  %t = fmul double %s, %x
  %new = fadd double %old, %t
  store volatile double %new, ptr %acc
  call void @again()
  %r = load volatile double, ptr %acc
  ret double %r
}

define double @main_like(double %x) {
  %d = call double (...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}

attributes #0 = { returns_twice }

; CHECK: .ll:23:3: error: cannot differentiate a function calling '_setjmp', which may return twice (setjmp)
; FWD: note: while differentiating 'f' for the call to '__enzyme_fwddiff'
