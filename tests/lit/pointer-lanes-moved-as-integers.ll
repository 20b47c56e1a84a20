; Two pointers moved as one <2 x i64> (clang -O2 vectorizes the loop that
; relocates a std::vector<T*>'s elements when it grows).  The moved pointers
; reach the duplicated x, so their shadows must move too: the copy is
; rewritten as a <2 x ptr> copy, which both modes differentiate.  It was
; refused ("a copy of ptr data as one <2 x i64> value").  The same two
; pointers moved as one i128 have no lane form: the copy stays, and the
; derivative moves the shadows of the pointers it holds (both ends' bytes
; are known pointers); that was refused too.  With a double's bits in the
; second word the copy is still refused.
; f(x) = x[0] * x[1] read through the moved pointers: df/dx = (x1, x0).
; RUN: enzyme-opt %s -o %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; RUN: FileCheck --check-prefix=IR %s < %t.ll
; RUN: sed -e 's/load <2 x i64>, ptr %held/load i128, ptr %held/' -e 's/store <2 x i64> %bits/store i128 %bits/' %s > %t.wide.ll
; RUN: enzyme-opt %t.wide.ll -o %t.wide.out.ll
; RUN: %lli %t.wide.out.ll | FileCheck --check-prefix=OUT %s
; RUN: sed -e 's/store ptr %x1, ptr %held1/store double 5.0, ptr %held1/' %t.wide.ll > %t.mixed.ll
; RUN: not enzyme-opt %t.mixed.ll -o %t.mixed.out.ll 2>&1 | FileCheck --check-prefix=MIXED %s
; OUT: 3 2 3 2
; IR: load <2 x ptr>
; MIXED: .ll:[[@LINE+15]]:3: error: cannot differentiate a copy of {{.*}} as one i128 value

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [13 x i8] c"%g %g %g %g\0A\00"

define double @f(ptr %x) {
  %held = alloca [2 x ptr], align 16
  %moved = alloca [2 x ptr], align 16
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  store ptr %x, ptr %held, align 16
  %held1 = getelementptr inbounds ptr, ptr %held, i64 1
  store ptr %x1, ptr %held1, align 8
  %bits = load <2 x i64>, ptr %held, align 16
  store <2 x i64> %bits, ptr %moved, align 16
  %p0 = load ptr, ptr %moved, align 16
  %moved1 = getelementptr inbounds ptr, ptr %moved, i64 1
  %p1 = load ptr, ptr %moved1, align 8
  %a = load double, ptr %p0, align 8
  %b = load double, ptr %p1, align 8
  %r = fmul double %a, %b
  ret double %r
}

define i32 @main() {
  %x = alloca [2 x double], align 16
  %dx = alloca [2 x double], align 16
  %tx = alloca [2 x double], align 16
  store double 2.0, ptr %x, align 16
  %xb = getelementptr inbounds double, ptr %x, i64 1
  store double 3.0, ptr %xb, align 8
  store double 0.0, ptr %dx, align 16
  %dxb = getelementptr inbounds double, ptr %dx, i64 1
  store double 0.0, ptr %dxb, align 8
  call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %d0 = load double, ptr %dx, align 16
  %d1 = load double, ptr %dxb, align 8
  ; forward: the tangent along e0, then along e1
  store double 1.0, ptr %tx, align 16
  %txb = getelementptr inbounds double, ptr %tx, i64 1
  store double 0.0, ptr %txb, align 8
  %t0 = call double (...) @__enzyme_fwddiff(ptr @f, ptr %x, ptr %tx)
  store double 0.0, ptr %tx, align 16
  store double 1.0, ptr %txb, align 8
  %t1 = call double (...) @__enzyme_fwddiff(ptr @f, ptr %x, ptr %tx)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %t0, double %t1)
  ret i32 0
}
