; Derivative functions are compiled for the machine their primal is
; compiled for: they take its target attributes (from its attribute group
; or written inline), and none of the others (a derivative writes the
; shadows, so `memory(none)` or `readonly` would be wrong; `noinline` and
; `optnone` are the primal's business).
; RUN: enzyme-opt --verify %s -o - | FileCheck %s

; CHECK-LABEL: define internal double @diffe_square(double %x, double %differet) "target-cpu"="haswell" "target-features"="+avx,+avx2,+fma" "tune-cpu"="generic" {
; CHECK-LABEL: define internal double @fwddiffe_cube(double %x, double %x.tangent0) "target-cpu"="skylake" {
define double @square(double %x) #0 {
  %r = fmul double %x, %x
  ret double %r
}

define double @cube(double %x) noinline "target-cpu"="skylake" {
  %s = fmul double %x, %x
  %r = fmul double %s, %x
  ret double %r
}

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)

define double @grad(double %x) {
  %d = call double (...) @__enzyme_autodiff(ptr @square, double %x)
  %t = call double (...) @__enzyme_fwddiff(ptr @cube, double %x, double 1.0)
  %s = fadd double %d, %t
  ret double %s
}

attributes #0 = { noinline nounwind memory(none) "target-cpu"="haswell" "target-features"="+avx,+avx2,+fma" "tune-cpu"="generic" }
