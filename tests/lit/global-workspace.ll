; A static heap workspace (`static double *work; if (!work) work =
; malloc(...)`) becomes, after LLVM's globalopt, a byte-array global that
; doubles are stored to and loaded from.  Its type holds no float, but its
; accesses do: it is an active global with a shadow, and the gradient flows
; through it.  Where the workspace is still reached through the pointer a
; global holds (clang -O0, or a buffer the caller hung on a global), there
; is no shadow to carry the derivative: an error, not a zero gradient.
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; RUN: sed -e 's/^; G: //' %s > %t.held.ll
; RUN: not enzyme-opt %t.held.ll -o %t.held.out.ll 2>&1 | FileCheck --check-prefix=HELD %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [4 x i8] c"%g\0A\00"
@work.body = internal unnamed_addr global [64 x i8] undef
@work = internal global ptr null

; f(x) = w0 * w1 with w0 = x * x, w1 = 3 x kept in the workspace: 9 x^2
define double @f(double %x) {
  %w0 = fmul double %x, %x
  %w1 = fmul double %x, 3.0
  store double %w0, ptr @work.body
  %p1 = getelementptr inbounds double, ptr @work.body, i64 1
  store double %w1, ptr %p1
  %a = load double, ptr @work.body
  %b = load double, ptr %p1
  %r = fmul double %a, %b
  ret double %r
}

; G: define double @g(double %x) {
; G:   %buf = load ptr, ptr @work
; G:   %w0 = fmul double %x, %x
; G:   store double %w0, ptr %buf
; G:   %a = load double, ptr %buf
; G:   ret double %a
; G: }
; G: define double @held(double %x) {
; G:   %d = call double (...) @__enzyme_autodiff(ptr @g, double %x)
; G:   ret double %d
; G: }

; OUT: 36
define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @f, double 2.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}

; HELD: .ll:36:3: error: cannot differentiate a store of an active value through the pointer held by global '@work': the memory it points to has no shadow to carry the derivative (pass the buffer as an argument with its shadow) in function 'g'
