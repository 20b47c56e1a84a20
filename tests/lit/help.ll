; The help text documents the options of the command-line contract.
; RUN: enzyme-opt --help | FileCheck %s
; RUN: enzyme-opt -h | FileCheck %s

; CHECK-DAG: {{(^|[ ,])}}-o{{([ ,=]|$)}}
; CHECK-DAG: {{(^|[ ,])}}--verify{{([ ,=]|$)}}
; CHECK-DAG: {{(^|[ ,])}}-passes{{([ ,=]|$)}}
