; A struct global whose pointer field only the caller sets, loaded whole (an
; aggregate load, as frontends other than clang write a struct copy) into
; memory with a shadow: the copy's shadow would take the shadow global's
; null field.  Refused at the load (global-pointer-struct-copied.c: the
; memcpy clang writes).  Loading the fields one by one is
; fine: the pointer read from the global has no shadow (taken as constant).
; RUN: not enzyme-opt %s -o %t.ll 2>&1 | FileCheck %s
; The same global declared as bytes (no pointer in its type; code stores one)
; is refused before the copy is looked at: floats and pointers share its bytes.
; RUN: sed -e 's/^@A = global %acc zeroinitializer/@A = global [24 x i8] zeroinitializer/' %s > %t.bytes.ll
; RUN: not enzyme-opt %t.bytes.ll -o %t.ll 2>&1 | FileCheck --check-prefix=BYTES %s
; RUN: sed -e 's/load %acc, ptr @A/load double, ptr getelementptr (%acc, ptr @A, i32 0, i32 1)/' -e 's/store %acc %agg/store double %agg/' -e 's/getelementptr %acc, ptr %local, i32 0, i32 0/getelementptr %acc, ptr @A, i32 0, i32 0/' %s > %t.field.ll
; RUN: enzyme-opt %t.field.ll -o %t.out.ll 2>&1 | FileCheck --check-prefix=WARN %s
; RUN: FileCheck --check-prefix=FIELD %s < %t.out.ll
; CHECK: global-pointer-struct-loaded-whole.ll:[[@LINE+13]]:3: error: cannot differentiate this copy of global '@A' into memory with a shadow
; CHECK-NEXT: %agg = load %acc, ptr @A
; BYTES: error: cannot clear the derivatives in global '@A' at each call
; WARN: warning: reading floats through the pointer held by global '@A'
; FIELD: define internal {{.*}}@diffe_copy_first(

%acc = type { ptr, double, i32 }
@A = global %acc zeroinitializer, align 8

declare double @__enzyme_autodiff(ptr, ...)

define double @copy_first(double %x) {
  %local = alloca %acc, align 8
  %agg = load %acc, ptr @A, align 8
  store %acc %agg, ptr %local, align 8
  %bufp = getelementptr %acc, ptr %local, i32 0, i32 0
  %buf = load ptr, ptr %bufp, align 8
  %v = load double, ptr %buf, align 8
  %s = fmul double %v, %x
  %tp = getelementptr %acc, ptr @A, i32 0, i32 1
  store double %s, ptr %tp, align 8
  %r = fmul double %s, %x
  ret double %r
}

define double @main_like(ptr %data) {
  store ptr %data, ptr @A, align 8
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @copy_first, double 1.5)
  ret double %g
}
