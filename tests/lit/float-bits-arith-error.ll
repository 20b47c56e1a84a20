; Integer arithmetic on an active double's bits whose result is read as a
; double again (here: replacing the exponent, x / 2^e) has a derivative the
; AD cannot follow through the integers.  It is an error naming the
; operation, in reverse and forward mode, not a silent zero.  The sign-bit
; tricks are float operations in disguise and are differentiated.
; RUN: rm -f %t.out.ll
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.out.ll
; RUN: sed -e 's/__enzyme_autodiff/__enzyme_fwddiff/' -e 's/@mantissa, double %x)/@mantissa, double %x, double 1.0)/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/ -9218868437227405313/ 9223372036854775807/' -e 's/ 4607182418800017408/ -9223372036854775808/' %s > %t.sign.ll
; RUN: enzyme-opt %t.sign.ll -o - | FileCheck %s --check-prefix=SIGN

; CHECK-NOT: Traceback
; CHECK: .ll:19:3: error: cannot differentiate integer 'and' on the bits of the active double '%x': the result is read as a float again, and a derivative cannot follow integer arithmetic in function 'mantissa'
; CHECK-NEXT: {{^}}  %kept = and i64 %bits, -9218868437227405313
define double @mantissa(double %x) {
  %bits = bitcast double %x to i64
  %kept = and i64 %bits, -9218868437227405313
  %set = or i64 %kept, 4607182418800017408
  %m = bitcast i64 %set to double
  %r = fmul double %m, %x
  ret double %r
}

; SIGN-LABEL: define internal {{.*}}@diffe_mantissa(
; SIGN: call double @llvm.fabs.f64(double %x)
; SIGN: fneg double
declare double @__enzyme_autodiff(...)

define double @grad(double %x) {
  %r = call double (...) @__enzyme_autodiff(ptr @mantissa, double %x)
  ret double %r
}
