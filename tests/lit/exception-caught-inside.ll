; A C++ function that catches an exception a callee throws and then returns
; normally.  Derivatives follow the path without exceptions (invokes become
; calls, landing pads go), so the derivative's exception escaped where the
; function's was caught: a correct program ended in std::terminate, and a
; caller catching around a gradient wrapper got gradient 0 with exit status 0
; (found by adversary5).  Refused in both modes, thrown or not.  A
; landing pad that only cleans up and resumes leaves by unwinding, as the
; derivative does, and is accepted.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/__enzyme_autodiff(ptr @f, double %x)/__enzyme_fwddiff(ptr @f, double %x, double 1.0)/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/^  br label %join ; handled/  resume { ptr, i32 } %lp/' -e 's/, \[ 0.0, %lpad \]//' %s > %t.resume.ll
; RUN: enzyme-opt %t.resume.ll -o %t.resume.out.ll
; RUN: FileCheck --check-prefix=RESUME %s < %t.resume.out.ll

; CHECK: error: cannot differentiate a function that catches an exception and then returns normally
; CHECK-NEXT: catch ptr @_ZTISt9exception
; CHECK: note: while differentiating 'f'
; RESUME: define internal {{.*}}@diffe_f(

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
define double @checked(double %x) {
  %y = fmul double %x, %x
  ret double %y
}
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare double @llvm.sin.f64(double)

@_ZTISt9exception = external constant ptr

define double @f(double %x) personality ptr @__gxx_personality_v0 {
entry:
  %c = invoke double @checked(double %x) to label %ok unwind label %lpad

ok:
  %m = fmul double %c, %x
  br label %join

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @_ZTISt9exception
  %exn = extractvalue { ptr, i32 } %lp, 0
  %h = call ptr @__cxa_begin_catch(ptr %exn)
  call void @__cxa_end_catch()
  br label %join ; handled

join:
  %r0 = phi double [ %m, %ok ], [ 0.0, %lpad ]
  %s = call double @llvm.sin.f64(double %x)
  %r = fadd double %r0, %s
  ret double %r
}

define double @main_grad(double %x) {
  %d = call double (...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}
