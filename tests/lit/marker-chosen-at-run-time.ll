; clang -O1 and above merge two Enzyme calls that differ only in a marker
; (enzyme_dup in one branch, enzyme_dupnoneed in the other) into one call
; whose marker is a select.  Both values are markers: the call is split back
; into one call per marker, chosen by the select's own condition (mirrored
; as a position, never by comparing the markers' values).  A marker chosen
; among a marker and anything else stays an error that says so, not "too
; many arguments".
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: FileCheck --check-prefix=SPLIT %s < %t.out.ll
; RUN: sed -e 's/%marker = select i1 %which, i32 %noneed, i32 %dup/%marker = select i1 %which, i32 %noneed, i32 %other/' %s > %t.other.ll
; RUN: not enzyme-opt %t.other.ll -o %t.other.out.ll 2>&1 | FileCheck %s

; The choices in the select's order, enzyme_dupnoneed first (position 0):
; SPLIT: %choice.at = select i1 %which, i32 0, i32 1
; SPLIT: switch i32 %choice.at, label %[[DUP:.*]] [
; SPLIT-NEXT: i32 0, label %[[NONEED:.*]]
; SPLIT: [[DUP]]:
; SPLIT-NEXT: call void @[[DUPFN:diffe_f.*]](
; SPLIT: [[NONEED]]:
; SPLIT-NEXT: call void @[[NONEEDFN:diffe_f.*]](
; CHECK-NOT: too many arguments
; CHECK: .ll:[[L:[0-9]+]]:3: error: the marker before argument 2 of 'f' is chosen at run time (by a phi or select, among enzyme_dupnoneed): the activity of each argument must be known at compile time; pass the marker itself in each arm of an if, one Enzyme call per marker (if the optimizer merged such calls: a separate function for each, marked noinline) in function 'main'
@enzyme_dup = external global i32
@enzyme_dupnoneed = external global i32

declare void @__enzyme_autodiff(ptr, ...)

define void @f(ptr %in, ptr %out) {
  %x = load double, ptr %in
  %y = fmul double %x, %x
  store double %y, ptr %out
  ret void
}

define void @main(i1 %which, ptr %in, ptr %din, ptr %out, ptr %dout, i32 %other) {
  %dup = load i32, ptr @enzyme_dup
  %noneed = load i32, ptr @enzyme_dupnoneed
  %marker = select i1 %which, i32 %noneed, i32 %dup
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, i32 %dup, ptr %in, ptr %din, i32 %marker, ptr %out, ptr %dout)
  ret void
}
