; A missing input file is an error naming the file, with exit code 1, not a
; traceback.
; RUN: not enzyme-opt %t.does-not-exist.ll -o %t.out.ll 2>&1 | FileCheck %s

; CHECK-NOT: Traceback
; CHECK: {{does-not-exist\.ll.*error:|error:.*does-not-exist\.ll}}
; CHECK-NOT: Traceback
