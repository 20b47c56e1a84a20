; Pointers moved as a vector: clang -O3 copies and swaps the pointer fields
; of objects (std::swap of two std::vector) with `<2 x ptr>` loads and
; stores.  The shadow pointers must move the same way, in both modes; when
; they did not, the shadow header kept its old pointers, derivatives went to
; the wrong array, and a C++ program freed one shadow buffer twice.
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [15 x i8] c"%g %g | %g %g\0A\00"

; hdr holds two pointers {p, q}.  The function swaps them with one vector
; load and one vector store, then returns (*hdr[0])^2 = (*q)^2.
define double @swap_then_square(ptr %hdr) {
entry:
  %pq = load <2 x ptr>, ptr %hdr, align 16
  %qp = shufflevector <2 x ptr> %pq, <2 x ptr> poison, <2 x i32> <i32 1, i32 0>
  store <2 x ptr> %qp, ptr %hdr, align 16
  %first = load ptr, ptr %hdr, align 16
  %x = load double, ptr %first, align 8
  %sq = fmul double %x, %x
  ret double %sq
}

; CHECK-LABEL: define internal {{.*}} @diffe_swap_then_square(
; CHECK:       %[[S:.*]] = shufflevector <2 x ptr> %"pq'"
; CHECK:       store <2 x ptr> %[[S]], ptr %hdr.shadow
; CHECK-LABEL: define internal {{.*}} @fwddiffe_swap_then_square(
; CHECK:       store <2 x ptr> %"qp'", ptr %hdr.tangent0

define i32 @main() {
entry:
  %x = alloca [2 x double], align 16
  %dx = alloca [2 x double], align 16
  %hdr = alloca [2 x ptr], align 16
  %dhdr = alloca [2 x ptr], align 16
  store [2 x double] [double 3.0, double 5.0], ptr %x
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  %dx1 = getelementptr inbounds double, ptr %dx, i64 1
  %hdr1 = getelementptr inbounds ptr, ptr %hdr, i64 1
  %dhdr1 = getelementptr inbounds ptr, ptr %dhdr, i64 1
  ; reverse mode: d/dx of (*q)^2 with p = &x[0], q = &x[1]
  store ptr %x, ptr %hdr
  store ptr %x1, ptr %hdr1
  store ptr %dx, ptr %dhdr
  store ptr %dx1, ptr %dhdr1
  store [2 x double] zeroinitializer, ptr %dx
  %r = call double (...) @__enzyme_autodiff(ptr @swap_then_square, ptr %hdr, ptr %dhdr)
  %g0 = load double, ptr %dx
  %g1 = load double, ptr %dx1
  ; forward mode: tangent 1 on x[1] only
  store ptr %x, ptr %hdr
  store ptr %x1, ptr %hdr1
  store ptr %dx, ptr %dhdr
  store ptr %dx1, ptr %dhdr1
  store [2 x double] [double 0.0, double 1.0], ptr %dx
  %t = call double (...) @__enzyme_fwddiff(ptr @swap_then_square, ptr %hdr, ptr %dhdr)
  %dhdr0 = load ptr, ptr %dhdr
  %swapped = icmp eq ptr %dhdr0, %dx1
  %s = uitofp i1 %swapped to double
  call i32 (ptr, ...) @printf(ptr @fmt, double %g0, double %g1, double %t, double %s)
  ret i32 0
}
; d/dx[1] (x[1])^2 = 2 * 5; the shadow header is swapped too (1).
; OUT: 0 10 | 10 1
