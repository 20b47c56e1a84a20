; Constrained floating point (clang -ffp-model=strict) differentiates as the
; plain operations (e2e reverse/strict_fp_model.c), except where the plain
; form could compute or signal otherwise: a static rounding mode other than
; the default, a function that reads or sets the floating-point environment,
; and an operation without a plain form here.  Each is an error at the call.
; RUN: sed -e 's/round.MODE/round.upward/' %s > %t.up.ll
; RUN: not enzyme-opt %t.up.ll -o %t.up.out.ll 2>&1 | FileCheck --check-prefix=UP %s
; RUN: sed -e 's/round.MODE/round.dynamic/' -e 's/^; E: //' %s > %t.env.ll
; RUN: not enzyme-opt %t.env.ll -o %t.env.out.ll 2>&1 | FileCheck --check-prefix=ENV %s
; RUN: sed -e 's/round.MODE/round.tonearest/' -e 's/^; L: //' %s > %t.ldexp.ll
; RUN: not enzyme-opt %t.ldexp.ll -o %t.ldexp.out.ll 2>&1 | FileCheck --check-prefix=LDEXP %s
; RUN: sed -e 's/round.MODE/round.dynamic/' %s > %t.ok.ll
; RUN: enzyme-opt %t.ok.ll -o %t.ok.out.ll
; RUN: %lli %t.ok.out.ll | FileCheck --check-prefix=OK %s
; UP: {{.*}}.ll:[[#@LINE+13]]:3: error: cannot differentiate 'llvm.experimental.constrained.fmul.f64' under the rounding mode !"round.upward"
; ENV: {{.*}}.ll:[[#@LINE+12]]:3: error: cannot differentiate 'llvm.experimental.constrained.fmul.f64' (constrained floating point) in a function that reads or sets the floating-point environment
; LDEXP: {{.*}}.ll:{{[0-9]+}}:3: error: cannot differentiate 'llvm.experimental.constrained.ldexp.f64.i32' (constrained floating point, clang -ffp-model=strict): no plain form of it is known here
; OK: 6

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare double @llvm.experimental.constrained.fmul.f64(double, double, metadata, metadata)
declare double @llvm.experimental.constrained.ldexp.f64.i32(double, i32, metadata, metadata)
declare i32 @fetestexcept(i32)
@fmt = private constant [4 x i8] c"%g\0A\00"

define double @f(double %x) strictfp {
  %sq = call double @llvm.experimental.constrained.fmul.f64(double %x, double %x, metadata !"round.MODE", metadata !"fpexcept.strict") strictfp
; E:   %flags = call i32 @fetestexcept(i32 1) strictfp
; L:   %sq.2 = call double @llvm.experimental.constrained.ldexp.f64.i32(double %sq, i32 1, metadata !"round.MODE", metadata !"fpexcept.strict") strictfp
  ret double %sq
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @f, double 3.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}
