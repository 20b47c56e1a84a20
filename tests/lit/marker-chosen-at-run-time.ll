; clang -O1 and above merge two Enzyme calls that differ only in a marker
; (enzyme_dup in one branch, enzyme_dupnoneed in the other) into one call
; whose marker is a select.  What a marker asks for is decided at compile
; time, so this is an error that says so, not "too many arguments".
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s

; CHECK-NOT: too many arguments
; CHECK: .ll:[[L:[0-9]+]]:3: error: the marker before argument 2 of 'f' is chosen at run time (among enzyme_dup, enzyme_dupnoneed): the optimizer merged Enzyme calls that differ in it; keep them apart (a separate function for each, marked noinline) in function 'main'
@enzyme_dup = external global i32
@enzyme_dupnoneed = external global i32

declare void @__enzyme_autodiff(ptr, ...)

define void @f(ptr %in, ptr %out) {
  %x = load double, ptr %in
  %y = fmul double %x, %x
  store double %y, ptr %out
  ret void
}

define void @main(i1 %which, ptr %in, ptr %din, ptr %out, ptr %dout) {
  %dup = load i32, ptr @enzyme_dup
  %noneed = load i32, ptr @enzyme_dupnoneed
  %marker = select i1 %which, i32 %noneed, i32 %dup
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, i32 %dup, ptr %in, ptr %din, i32 %marker, ptr %out, ptr %dout)
  ret void
}
