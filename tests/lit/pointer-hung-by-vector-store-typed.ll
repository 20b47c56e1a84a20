; pointer-hung-by-vector-store.ll in clang 14's typed pointers: the two
; pointer fields stored as one <2 x double*> through a bitcast of p.
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck --check-prefix=HUNG %s
; RUN: sed -e 's/double\* %x, i64 0/double* %aux, i64 0/' %s > %t.ok.ll
; RUN: enzyme-opt %t.ok.ll -o %t.ok.out.ll
; RUN: FileCheck --check-prefix=IR %s < %t.ok.out.ll
; HUNG: error: argument 1 of 'f' is passed duplicated, and its pointer is also stored into the memory of argument 2, passed constant, through which 'f' reads floats
; IR: define internal {{.*}} @diffe_f(
; REQUIRES: clang14

%struct.problem = type { double*, double* }

@enzyme_dup = global i32 0
@enzyme_const = global i32 0

define double @f(double* %x, %struct.problem* %p) {
  %pdata = getelementptr inbounds %struct.problem, %struct.problem* %p, i64 0, i32 0
  %data = load double*, double** %pdata
  %d0 = load double, double* %data
  %px1 = getelementptr inbounds double, double* %x, i64 1
  %x1 = load double, double* %px1
  %r = fmul double %d0, %x1
  ret double %r
}

define void @init(%struct.problem* %p, double* %x, double* %aux) noinline {
  %v0 = insertelement <2 x double*> poison, double* %x, i64 0
  %v1 = insertelement <2 x double*> %v0, double* %aux, i64 1
  %pv = bitcast %struct.problem* %p to <2 x double*>*
  store <2 x double*> %v1, <2 x double*>* %pv, align 8
  ret void
}

define void @grad(double* %x, double* %dx, double* %aux, %struct.problem* %p) {
  call void @init(%struct.problem* %p, double* %x, double* %aux)
  %dup = load i32, i32* @enzyme_dup
  %const = load i32, i32* @enzyme_const
  %r = call double (i8*, ...) @__enzyme_autodiff(i8* bitcast (double (double*, %struct.problem*)* @f to i8*), i32 %dup, double* %x, double* %dx, i32 %const, %struct.problem* %p)
  ret void
}

declare double @__enzyme_autodiff(i8*, ...)
