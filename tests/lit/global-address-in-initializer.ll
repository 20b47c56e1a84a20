; A duplicated pointer stored into a global that has no shadow, whose
; address is another global's initializer (`double **where = &saved;`):
; the reader loads `saved` through `where`, so `saved` has no use but the
; store, and was let through; the reader takes no pointer, looks inactive,
; and gradient and tangent came out 0 with exit status 0 (found by
; adversary3, clang 14/19 -O0..-O3).  Now refused at the store, as when
; code names the global itself.  Without the initializer, the global only
; written is accepted.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/^@where = global ptr @saved/@where = global ptr null/' %s > %t.w.ll
; RUN: enzyme-opt --verify %t.w.ll -o %t.w.out.ll

declare double @__enzyme_autodiff(...)

@saved = global ptr null
@where = global ptr @saved

define double @reader() {
  %holder = load ptr, ptr @where
  %p = load ptr, ptr %holder
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define double @g(ptr %y) {
  store ptr %y, ptr @saved
  %r = call double @reader()
  ret double %r
}

define double @caller(ptr %y, ptr %dy) {
  %d = call double (...) @__enzyme_autodiff(ptr @g, ptr %y, ptr %dy)
  ret double %d
}

; CHECK: .ll:27:3: error: cannot differentiate a store of a pointer with a shadow into global '@saved', which has none
