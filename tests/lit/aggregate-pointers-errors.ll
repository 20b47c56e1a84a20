; Aggregates holding pointers that cannot be differentiated stop with a
; located error rather than a silently wrong derivative:
; - a struct holding both a pointer with a shadow and one without (an
;   enzyme_const argument's): its shadow would need the missing one;
; - such a struct stored whole into memory that has one (a dup's is too);
; - in forward mode, a struct whose pointer has no shadow beside an active
;   double, passed to a function (which would take null for its shadow);
; - an unmarked {ptr, double} argument of __enzyme_autodiff (active by
;   default as it holds a float, which would leave its pointer shadowless);
; - __enzyme_autodiff of a function returning a struct of floats (no one
;   float result to seed with 1.0).
; RUN: not enzyme-opt %s -o %t.1.ll 2>&1 | FileCheck --check-prefix=MIXED %s
; RUN: sed -e 's/@__enzyme_autodiff(ptr @mixed_const/@__enzyme_fwddiff(ptr @mixed_const/' %s > %t.fwd.ll
; RUN: not enzyme-opt %t.fwd.ll -o %t.2.ll 2>&1 | FileCheck --check-prefix=MIXED %s
; RUN: sed -e 's/@__enzyme_autodiff(ptr @mixed_const/@__enzyme_fwddiff(ptr @const_beside/' %s > %t.beside.ll
; RUN: not enzyme-opt %t.beside.ll -o %t.6.ll 2>&1 | FileCheck --check-prefix=BESIDE %s
; RUN: sed -e 's/(ptr @mixed_const,/(ptr @store_const,/' %s > %t.store.ll
; RUN: not enzyme-opt %t.store.ll -o %t.3.ll 2>&1 | FileCheck --check-prefix=STORE %s
; RUN: sed -e 's/(ptr @mixed_const, ptr %x, ptr %dx, ptr @enzyme_const, ptr %k)/(ptr @by_value, { ptr, double } %m)/' %s > %t.out.ll
; RUN: not enzyme-opt %t.out.ll -o %t.4.ll 2>&1 | FileCheck --check-prefix=OUT %s
; RUN: sed -e 's/(ptr @mixed_const, ptr %x, ptr %dx, ptr @enzyme_const, ptr %k)/(ptr @pair_of, double 1.0)/' %s > %t.pair.ll
; RUN: not enzyme-opt %t.pair.ll -o %t.5.ll 2>&1 | FileCheck --check-prefix=PAIR %s

; MIXED: .ll:31:3: error: cannot differentiate an aggregate holding both a pointer without a shadow (constant, or reached through an enzyme_const argument) and pointers with shadows (mark the argument enzyme_dup) in function 'mixed_const'
@enzyme_const = external global i32
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)

define double @mixed_const(ptr %x, ptr %k) {
  %a0 = insertvalue { ptr, ptr } poison, ptr %x, 0
  %a = insertvalue { ptr, ptr } %a0, ptr %k, 1
  %p = extractvalue { ptr, ptr } %a, 0
  %q = extractvalue { ptr, ptr } %a, 1
  %u = load double, ptr %p
  %v = load double, ptr %q
  %r = fmul double %u, %v
  ret double %r
}

; STORE: .ll:46:3: error: cannot differentiate storing a pointer to memory without a shadow (constant, or reached through an enzyme_const argument) into memory that carries derivatives in function 'store_const'
define double @store_const(ptr %x, ptr %k) {
  %h = alloca { ptr, i64 }
  %a0 = insertvalue { ptr, i64 } poison, ptr %k, 0
  %a = insertvalue { ptr, i64 } %a0, i64 2, 1
  store double 1.0, ptr %x
  store { ptr, i64 } %a, ptr %h
  %p = load ptr, ptr %h
  %v = load double, ptr %p
  %b = insertvalue { ptr, i64 } poison, ptr %x, 0
  store { ptr, i64 } %b, ptr %h
  %u = load double, ptr %x
  %r = fmul double %u, %v
  ret double %r
}

define internal double @scaled_entry({ ptr, double } %m) noinline {
  %p = extractvalue { ptr, double } %m, 0
  %w = extractvalue { ptr, double } %m, 1
  %t = load double, ptr %p
  %r = fmul double %t, %w
  ret double %r
}

; BESIDE: .ll:69:3: error: cannot differentiate passing a { ptr, double } whose pointers have no shadow (constant, or reached through an enzyme_const argument) beside floats that carry tangents in function 'const_beside'
define double @const_beside(ptr %x, ptr %k) {
  %w = load double, ptr %x
  %a0 = insertvalue { ptr, double } poison, ptr %k, 0
  %a = insertvalue { ptr, double } %a0, double %w, 1
  %r = call double @scaled_entry({ ptr, double } %a)
  ret double %r
}

; OUT: error: argument 1 of 'by_value' is a { ptr, double } holding pointers: pass it as 'enzyme_dup' with a shadow (its floats get gradients, its pointers shadows) or as 'enzyme_const'
define double @by_value({ ptr, double } %m) {
  %w = extractvalue { ptr, double } %m, 1
  ret double %w
}

; PAIR: error: cannot seed the result of 'pair_of', of type { double, double }: __enzyme_autodiff seeds a float result with 1.0
define { double, double } @pair_of(double %x) {
  %y = fmul double %x, %x
  %a = insertvalue { double, double } poison, double %y, 0
  %b = insertvalue { double, double } %a, double %x, 1
  ret { double, double } %b
}

define double @main_test(ptr %x, ptr %dx, ptr %k, { ptr, double } %m) {
  %r = call double (...) @__enzyme_autodiff(ptr @mixed_const, ptr %x, ptr %dx, ptr @enzyme_const, ptr %k)
  ret double %r
}
