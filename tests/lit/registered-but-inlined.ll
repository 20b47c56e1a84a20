; A function with a registered derivative that clang inlined (at -O1 and
; up, before enzyme-opt runs) is called from nowhere: its callers hold its
; body, and the registered derivative cannot be used.  That is a warning,
; not silence.  Where the function is still called, there is no warning and
; the registered derivative is used (100 here, on purpose not 2x).
; RUN: enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
; RUN: sed -e 's/^  %y = fmul double %x, %x$/  %y = call double @square(double %x)/' %s > %t.called.ll
; RUN: enzyme-opt %t.called.ll -o %t.called.out.ll 2>&1 | FileCheck --allow-empty --check-prefix=CALLED %s
; RUN: %lli %t.called.out.ll | FileCheck --check-prefix=OUT %s

; WARN: warning: the derivative registered for 'square' is not used: nothing in the module calls 'square'
; CALLED-NOT: warning
; OUT: 100

declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)

@fmt = private constant [4 x i8] c"%g\0A\00"
@__enzyme_register_derivative_square = global [2 x ptr] [ptr @square, ptr @dsquare]

define double @square(double %x) noinline {
  %sq = fmul double %x, %x
  ret double %sq
}

define double @dsquare(double %x, double %dx) {
  ret double 100.0
}

define double @g(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

define i32 @main() {
  %d = call double (ptr, ...) @__enzyme_fwddiff(ptr @g, double 3.0, double 1.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}
