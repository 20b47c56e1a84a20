; A duplicated pointer stored into a global as its integer (`saved_bits =
; (uintptr_t)y`: clang -O2 keeps the ptrtoint and an i64 store, TBAA
; "long") and read back through the global by a reader that takes no
; pointer: gradient 0 with exit status 0 at clang 14/19 -O2 (found by
; adversary3; a pointer-typed store was refused already).  Now refused
; like it.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s

declare void @__enzyme_autodiff(...)

@saved_bits = global i64 0, align 8
@enzyme_dup = external global i32
@enzyme_const = external global i32

define internal double @g(ptr noundef %y, i32 noundef %n) {
  %bits = ptrtoint ptr %y to i64
  store i64 %bits, ptr @saved_bits, align 8, !tbaa !0
  %r = tail call fastcc double @reader(i32 noundef %n)
  ret double %r
}

define internal fastcc double @reader(i32 noundef %n) unnamed_addr {
  %bits = load i64, ptr @saved_bits, align 8, !tbaa !0
  %p = inttoptr i64 %bits to ptr
  %v = load double, ptr %p, align 8, !tbaa !4
  %r = fmul double %v, %v
  ret double %r
}

define void @caller(ptr %y, ptr %dy) {
  %dup = load i32, ptr @enzyme_dup
  %const = load i32, ptr @enzyme_const
  call void (...) @__enzyme_autodiff(ptr @g, i32 %dup, ptr %y, ptr %dy, i32 %const, i32 3)
  ret void
}

!0 = !{!1, !1, i64 0}
!1 = !{!"long", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"double", !2, i64 0}

; CHECK: .ll:17:3: error: cannot differentiate a store of a pointer with a shadow into global '@saved_bits', which has none
