; A duplicated pointer stored as its integer into memory reached through an
; enzyme_const argument and read back there as an integer in the same
; function (`b->bits = (uintptr_t)y; opaque(); p = (double *)b->bits`,
; clang 14/19 -O1/-O2 keep the i64 store, the i64 load (TBAA "long") and
; the inttoptr).
; The loaded pointer has no shadow: gradient 0 with exit status 0 (found in
; review).  Refused at the store like the pointer-typed read back; the
; same field read back as a float is the active-value refusal's, and a
; field only written is accepted.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; RUN: sed -e 's/@__enzyme_autodiff(ptr @h, /@__enzyme_autodiff(ptr @w, /' %s > %t.w.ll
; RUN: enzyme-opt --verify %t.w.ll -o %t.w.out.ll

declare double @__enzyme_autodiff(...)
declare void @opaque()

define double @h(ptr %y, ptr %b) {
  %bits = ptrtoint ptr %y to i64
  store i64 %bits, ptr %b, align 8, !tbaa !0
  call void @opaque()
  %back = load i64, ptr %b, align 8, !tbaa !0
  %p = inttoptr i64 %back to ptr
  %v = load double, ptr %p, align 8, !tbaa !4
  %r = fmul double %v, %v
  ret double %r
}

define double @w(ptr %y, ptr %b) {
  %bits = ptrtoint ptr %y to i64
  store i64 %bits, ptr %b, align 8, !tbaa !0
  call void @opaque()
  %v = load double, ptr %y, align 8
  %r = fmul double %v, %v
  ret double %r
}

@enzyme_const = external global i32

define double @caller(ptr %y, ptr %dy, ptr %b) {
  %c = load i32, ptr @enzyme_const
  %d = call double (...) @__enzyme_autodiff(ptr @h, ptr %y, ptr %dy, i32 %c, ptr %b)
  ret double %d
}

!0 = !{!1, !2, i64 0}
!1 = !{!"box", !2, i64 0}
!2 = !{!"long", !3, i64 0}
!3 = !{!"omnipotent char", !5, i64 0}
!4 = !{!6, !6, i64 0}
!5 = !{!"Simple C/C++ TBAA"}
!6 = !{!"double", !3, i64 0}

; CHECK: .ll:19:3: error: cannot differentiate a store of a pointer with a shadow into memory reached through a constant argument, read back
