; A duplicated pointer stored into a global that has no shadow, then read
; through that global by a callee taking no pointer: the callee's call looks
; inactive and the derivative through it was dropped (gradient 0, exit
; status 0, found by adversary2).  Now an error at the store.  A global only
; written (a pointer kept for the record and never loaded) is accepted.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/(ptr @g, /(ptr @w, /' -e 's/^; W: //' %s > %t.w.ll
; RUN: enzyme-opt --verify %t.w.ll -o %t.w.out.ll

declare double @__enzyme_autodiff(...)

@saved = global ptr null
@noted = global ptr null

define double @reader() {
  %p = load ptr, ptr @saved
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define double @g(ptr %y, double %a) {
  %sq = fmul double %a, %a
  store double %sq, ptr %y
  store ptr %y, ptr @saved
  %r = call double @reader()
  ret double %r
}

define double @caller(ptr %y, ptr %dy) {
  %d = call double (...) @__enzyme_autodiff(ptr @g, ptr %y, ptr %dy, double 2.0)
  ret double %d
}

; W: define double @w(ptr %y, double %a) {
; W:   %sq = fmul double %a, %a
; W:   store double %sq, ptr %y
; W:   store ptr %y, ptr @noted
; W:   ret double %sq
; W: }

; CHECK: .ll:25:3: error: cannot differentiate a store of a pointer with a shadow into global '@saved', which has none: what is read through the global later would carry no derivative (pass the pointer as an argument) in function 'g'
