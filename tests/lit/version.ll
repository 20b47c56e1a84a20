; --version prints the tool's name and version and exits successfully.
; RUN: enzyme-opt --version | FileCheck %s

; CHECK: enzyme-opt{{.*}} {{[0-9]+\.[0-9]+\.[0-9]+}}
