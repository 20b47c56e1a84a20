; A duplicated x stored into the constant p's memory as a lane of a vector
; of pointers (-O3's SLP stores two pointer fields at once: p->data = x,
; p->other = s), f reading floats through p->data: the caller-side walk did
; not follow insertelement, so the reads of x carried no derivative (0 where
; 2 is right, exit status 0).  Now refused at the API call.  With other
; memory in both lanes it is accepted and right: d f / d x[1] = p->data[0] = 3.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck --check-prefix=HUNG %s
; RUN: sed -e 's/ptr %x, i64 0/ptr %aux, i64 0/' %s > %t.ok.ll
; RUN: enzyme-opt %t.ok.ll -o %t.ok.out.ll
; RUN: %lli %t.ok.out.ll | FileCheck --check-prefix=OK %s
; HUNG: error: argument 1 of 'f' is passed duplicated, and its pointer is also stored into the memory of argument 2, passed constant, through which 'f' reads floats
; OK: derivative 3

@enzyme_dup = global i32 0
@enzyme_const = global i32 0
@.str = private constant [15 x i8] c"derivative %g\0A\00"

; f(x, p) = p->data[0] * x[1]
define double @f(ptr %x, ptr %p) {
  %data = load ptr, ptr %p
  %d0 = load double, ptr %data
  %px1 = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %px1
  %r = fmul double %d0, %x1
  ret double %r
}

define void @init(ptr %p, ptr %x, ptr %aux) noinline {
  %v0 = insertelement <2 x ptr> poison, ptr %x, i64 0
  %v1 = insertelement <2 x ptr> %v0, ptr %aux, i64 1
  store <2 x ptr> %v1, ptr %p, align 8
  ret void
}

define i32 @main() {
  %x = alloca [2 x double], align 16
  %dx = alloca [2 x double], align 16
  %aux = alloca double, align 8
  store double 1.5, ptr %x
  %px1 = getelementptr inbounds double, ptr %x, i64 1
  store double 2.0, ptr %px1
  store double 0.0, ptr %dx
  %pdx1 = getelementptr inbounds double, ptr %dx, i64 1
  store double 0.0, ptr %pdx1
  store double 3.0, ptr %aux
  %p = call ptr @malloc(i64 16)
  call void @init(ptr %p, ptr %x, ptr %aux)
  %dup = load i32, ptr @enzyme_dup
  %const = load i32, ptr @enzyme_const
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, i32 %dup, ptr %x, ptr %dx, i32 %const, ptr %p)
  %d = load double, ptr %pdx1
  %n = call i32 (ptr, ...) @printf(ptr @.str, double %d)
  ret i32 0
}

declare ptr @malloc(i64)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
