; The typed-pointer form of global-holds-shadowed-pointer.ll, as clang 14
; writes it: the reader loads the global through a constant expression,
; `bitcast (double** @saved to i8**)`, which records no user of its own.
; Refused at the store as in the opaque form; the same program whose global
; is only written, also through a constant expression, is accepted.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/(double (double\*, double)\* @g to/(double (double*, double)* @w to/' -e 's/^; W: //' %s > %t.w.ll
; RUN: enzyme-opt --verify %t.w.ll -o %t.w.out.ll

declare double @__enzyme_autodiff(i8*, ...)

@saved = global double* null
@noted = global double* null

define double @reader() {
  %p = load i8*, i8** bitcast (double** @saved to i8**)
  %q = bitcast i8* %p to double*
  %v = load double, double* %q
  %r = fmul double %v, %v
  ret double %r
}

define double @g(double* %y, double %a) {
  %sq = fmul double %a, %a
  store double %sq, double* %y
  store double* %y, double** @saved
  %r = call double @reader()
  ret double %r
}

define double @caller(double* %y, double* %dy) {
  %d = call double (i8*, ...) @__enzyme_autodiff(i8* bitcast (double (double*, double)* @g to i8*), double* %y, double* %dy, double 2.0)
  ret double %d
}

; W: define double @w(double* %y, double %a) {
; W:   %sq = fmul double %a, %a
; W:   store double %sq, double* %y
; W:   %c = bitcast double* %y to i8*
; W:   store i8* %c, i8** bitcast (double** @noted to i8**)
; W:   ret double %sq
; W: }

; CHECK: .ll:26:3: error: cannot differentiate a store of a pointer with a shadow into global '@saved', which has none: what is read through the global later would carry no derivative (pass the pointer as an argument) in function 'g'
