; clang -O3 may pass a double loaded as i64 to a helper by value (argument
; promotion of `memcpy(dst, src, 8)` in the helper).  Once the load is
; typed as a double it is active, and its derivative cannot follow the
; integer into the call: an error, located at the call in the .ll when
; there is no debug info, rather than a zero derivative.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s

declare double @__enzyme_autodiff(...)

define double @f(ptr %y, ptr %x) {
  %bits = load i64, ptr %x, align 8, !tbaa !3
  call void @move8(ptr %y, i64 %bits)
  %v = load double, ptr %y, align 8, !tbaa !3
  ret double %v
}

define internal void @move8(ptr %dst, i64 %bits) {
  store i64 %bits, ptr %dst, align 8
  ret void
}

define double @grad(ptr %y, ptr %dy, ptr %x, ptr %dx) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %y, ptr %dy, ptr %x, ptr %dx)
  ret double %r
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"double", !1, i64 0}
!3 = !{!2, !2, i64 0}

; CHECK-NOT: Traceback
; CHECK: float-bits-error.ll:12:3: error: cannot differentiate the active double '%bits' passed to 'move8' as i64 bits: its derivative cannot follow an integer in function 'f'
; CHECK-NEXT: {{^}}  call void @move8(ptr %y, i64 %bits)
; CHECK-NEXT: {{^ *\^}}
