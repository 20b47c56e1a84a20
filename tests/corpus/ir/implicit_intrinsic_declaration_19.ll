; LLVM: 19
; LLVM 19 declares intrinsics that are called without a declaration.
define double @f(double %a, double %b, double %c) {
  %r = call double @llvm.fmuladd.f64(double %a, double %b, double %c)
  %s = call double @llvm.fabs.f64(double %r)
  ret double %s
}
