; The verifier quotes an instruction with its constants printed its own way
; (2.0 as 2.000000e+00): the error is still placed at the source line that
; defines the quoted value.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s

; CHECK: invalid-phi-constant-located.ll:[[@LINE+6]]:3: error: invalid module: PHINode should have one entry for each predecessor
; CHECK-NEXT: {{^}}  %p = phi double [ %x, %entry ], [ 2.0, %j ]
define double @square(double %x) {
entry:
  br label %j
j:
  %p = phi double [ %x, %entry ], [ 2.0, %j ]
  %m = fmul double %p, %x
  ret double %m
}

define double @grad(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @square, double %x)
  ret double %d
}

declare double @__enzyme_autodiff(ptr, ...)
