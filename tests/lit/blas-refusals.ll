; BLAS calls the derivative rules do not cover are refused with the line,
; in both modes: a routine without a rule (dtrmm), gemm writing into one
; of its inputs, a Fortran routine declared with too few arguments or
; with a scalar passed by value.
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=TRMM
; RUN: sed -e 's/__enzyme_autodiff/__enzyme_fwddiff/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.fwd.out.ll 2>&1 | FileCheck %s --check-prefix=TRMM
; RUN: sed -e 's/ptr @solve,/ptr @overlap,/' %s > %t.overlap.ll
; RUN: not enzyme-opt %t.overlap.ll -o %t.o.out.ll 2>&1 | FileCheck %s --check-prefix=OVERLAP
; RUN: sed -e 's/ptr @solve,/ptr @short,/' %s > %t.short.ll
; RUN: not enzyme-opt %t.short.ll -o %t.s.out.ll 2>&1 | FileCheck %s --check-prefix=SHORT
; RUN: sed -e 's/ptr @solve,/ptr @byvalue,/' %s > %t.byvalue.ll
; RUN: not enzyme-opt %t.byvalue.ll -o %t.b.out.ll 2>&1 | FileCheck %s --check-prefix=BYVALUE

; TRMM: .ll:25:3: error: cannot differentiate call to 'cblas_dtrmm' (no derivative rule yet), which implements a BLAS/LAPACK routine without a derivative rule here
; OVERLAP: .ll:31:3: error: cannot differentiate 'cblas_dgemm' whose output array 'c' is also its input 'a'
; SHORT: .ll:37:3: error: 'daxpy_' is called with 5 arguments, but BLAS's axpy takes 6
; BYVALUE: .ll:43:3: error: argument 'alpha' of the Fortran BLAS routine 'dscal_' is not passed by pointer
declare void @cblas_dtrmm(i32, i32, i32, i32, i32, i32, i32, double, ptr, i32, ptr, i32)
declare void @cblas_dgemm(i32, i32, i32, i32, i32, i32, double, ptr, i32, ptr, i32, double, ptr, i32)
declare void @daxpy_(ptr, ptr, ptr, ptr, ptr)
declare void @dscal_(ptr, double, ptr, ptr)

define double @solve(ptr %a, ptr %b) {
  call void @cblas_dtrmm(i32 102, i32 141, i32 121, i32 111, i32 131, i32 2, i32 2, double 1.0, ptr %a, i32 2, ptr %b, i32 2)
  %v = load double, ptr %b
  ret double %v
}

define double @overlap(ptr %a, ptr %b) {
  call void @cblas_dgemm(i32 102, i32 111, i32 111, i32 2, i32 2, i32 2, double 1.0, ptr %a, i32 2, ptr %b, i32 2, double 0.0, ptr %a, i32 2)
  %v = load double, ptr %a
  ret double %v
}

define double @short(ptr %a, ptr %b) {
  call void @daxpy_(ptr %a, ptr %a, ptr %a, ptr %b, ptr %b)
  %v = load double, ptr %b
  ret double %v
}

define double @byvalue(ptr %a, ptr %b) {
  call void @dscal_(ptr %a, double 2.0, ptr %b, ptr %a)
  %v = load double, ptr %b
  ret double %v
}

declare double @__enzyme_autodiff(...)

define void @main(ptr %a, ptr %da, ptr %b, ptr %db) {
  %g = call double (...) @__enzyme_autodiff(ptr @solve, ptr %a, ptr %da, ptr %b, ptr %db)
  ret void
}
