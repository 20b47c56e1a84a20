; When the body of an inlined function with a registered derivative is
; what cannot be differentiated (the bit trick of a fast inverse square
; root), the warning that the registration went unused comes before the
; error: it says why the error happens and how to avoid it.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s

; CHECK: warning: the derivative registered for 'rsqrt_bits' is not used
; CHECK: .ll:[[@LINE+20]]:3: error: cannot differentiate integer 'ashr'

declare float @__enzyme_autodiff(ptr, ...)

@__enzyme_register_gradient_rsqrt = global [3 x ptr] [ptr @rsqrt_bits, ptr @aug, ptr @rev]

define float @rsqrt_bits(float %x) noinline {
  ret float %x
}

define void @aug(float %x) {
  ret void
}

define float @rev(float %x, float %d) {
  ret float %d
}

define float @g(float %x) {
  %i = bitcast float %x to i32
  %h = ashr i32 %i, 1
  %m = sub i32 1597463007, %h
  %y = bitcast i32 %m to float
  %r = fmul float %y, %x
  ret float %r
}

define float @main_grad(float %x) {
  %d = call float (ptr, ...) @__enzyme_autodiff(ptr @g, float %x)
  ret float %d
}
