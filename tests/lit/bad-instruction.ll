; An unknown instruction inside a function body is reported at its line, with
; the source line and a caret line; exit code 1.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s

define i32 @f(i32 %x) {
entry:
  %y = frobnicate i32 %x, 1
  ret i32 %y
}

; CHECK-NOT: Traceback
; CHECK: bad-instruction.ll:7:{{[0-9]+}}: error:
; CHECK-NEXT: {{^}}  %y = frobnicate i32 %x, 1
; CHECK-NEXT: {{^ *\^}}
; CHECK-NOT: Traceback
