; A syntax error is reported as FILE:LINE:COL: error: ..., followed by the
; offending source line and a caret line under the column; exit code 1.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
this is not llvm

; CHECK-NOT: Traceback
; CHECK: malformed.ll:4:1: error:
; CHECK-NEXT: {{^}}this is not llvm
; CHECK-NEXT: {{^\^}}
; CHECK-NOT: Traceback
