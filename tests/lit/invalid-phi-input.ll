; A phi that names a block that is not its block's predecessor, and leaves
; out one that is: LLVM rejects the module, our parser does not check it,
; and the reverse pass failed on it ("internal error ... <BasicBlock label
; %b>").  Now LLVM's diagnosis of the input is reported at the phi, exit
; status 1, and an existing output file is left as it was.
; RUN: echo KEEP > %t.out.ll
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: FileCheck --check-prefix=KEPT %s < %t.out.ll

; CHECK-NOT: internal error
; CHECK: invalid-phi-input.ll:[[@LINE+13]]:3: error: invalid module: PHINode should have one entry for each predecessor
; CHECK-NEXT: {{^}}  %p = phi double [ %x, %a ]
; CHECK-NOT: internal error
; KEPT: {{^KEEP$}}
define double @square(double %x) {
entry:
  %c = fcmp olt double %x, 1.0
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi double [ %x, %a ]
  %m = fmul double %p, %x
  ret double %m
}

define double @grad(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @square, double %x)
  ret double %d
}

declare double @__enzyme_autodiff(ptr, ...)
