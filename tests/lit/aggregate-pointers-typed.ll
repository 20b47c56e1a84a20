; Pointers inside first-class aggregates in LLVM 14's typed-pointer IR: a
; `{double*, i64}` chosen by a select, stored whole and loaded back, and a
; `{double*, double}` built in a callee and stored whole.  Whole stores
; write the shadow field by field (typed GEPs to each field), so the
; derivative stays in the typed dialect; main checks the gradients and
; tangents against closed forms and exits 1 on a mismatch.
; REQUIRES: clang14
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang14 %t.ll -o %t.exe
; RUN: %t.exe | FileCheck --check-prefix=OUT %s
; OUT: ok

; CHECK-LABEL: define internal void @diffe_select_store(
; CHECK:       %[[S:.*]] = select i1 %c, { double*, i64 } %"a'", { double*, i64 } %"b'"
; CHECK:       %[[F:.*]] = getelementptr inbounds { double*, i64 }, { double*, i64 }* %hdr.shadow, i32 0, i32 0
; CHECK:       %[[P:.*]] = extractvalue { double*, i64 } %[[S]], 0
; CHECK:       store double* %[[P]], double** %[[F]]

@enzyme_const = external global i32
@failures = internal global i32 0
@mismatch = private constant [42 x i8] c"MISMATCH check %d: got %.17g, want %.17g\0A\00"
@ok = private constant [4 x i8] c"ok\0A\00"

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(i8*, ...)
declare double @llvm.fabs.f64(double)

; s = c ? {x, 2} : {y, 2} stored whole into *hdr and loaded back:
; returns s.p[0] * s.p[1] * hdr->p[0]
define double @select_store({ double*, i64 }* %hdr, double* %x, double* %y, i1 %c) {
  %a0 = insertvalue { double*, i64 } poison, double* %x, 0
  %a = insertvalue { double*, i64 } %a0, i64 2, 1
  %b0 = insertvalue { double*, i64 } poison, double* %y, 0
  %b = insertvalue { double*, i64 } %b0, i64 2, 1
  %s = select i1 %c, { double*, i64 } %a, { double*, i64 } %b
  store { double*, i64 } %s, { double*, i64 }* %hdr
  %back = load { double*, i64 }, { double*, i64 }* %hdr
  %p = extractvalue { double*, i64 } %back, 0
  %v0 = load double, double* %p
  %q = getelementptr inbounds double, double* %p, i64 1
  %v1 = load double, double* %q
  %f = getelementptr inbounds { double*, i64 }, { double*, i64 }* %hdr, i32 0, i32 0
  %p2 = load double*, double** %f
  %v2 = load double, double* %p2
  %r = fmul double %v0, %v1
  %r2 = fmul double %r, %v2
  ret double %r2
}

define internal { double*, double } @make_mixed(double* %x, double %w) noinline {
  %ww = fmul double %w, %w
  %m0 = insertvalue { double*, double } poison, double* %x, 0
  %m = insertvalue { double*, double } %m0, double %ww, 1
  ret { double*, double } %m
}

; *out = {x, w^2}; returns out->p[0] * out->w = x0 w^2
define double @store_mixed({ double*, double }* %out, double* %x, double %w) {
  %m = call { double*, double } @make_mixed(double* %x, double %w)
  store { double*, double } %m, { double*, double }* %out
  %f = getelementptr inbounds { double*, double }, { double*, double }* %out, i32 0, i32 0
  %p = load double*, double** %f
  %v = load double, double* %p
  %g = getelementptr inbounds { double*, double }, { double*, double }* %out, i32 0, i32 1
  %wb = load double, double* %g
  %r = fmul double %v, %wb
  ret double %r
}

define internal void @check(i32 %id, double %got, double %want) {
entry:
  %diff = fsub double %got, %want
  %ad = call double @llvm.fabs.f64(double %diff)
  %aw = call double @llvm.fabs.f64(double %want)
  %scale = fadd double %aw, 1.0
  %tol = fmul double %scale, 1.0e-13
  %good = fcmp ole double %ad, %tol
  br i1 %good, label %done, label %bad
bad:
  %fmt = getelementptr inbounds [42 x i8], [42 x i8]* @mismatch, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %fmt, i32 %id, double %got, double %want)
  %n = load i32, i32* @failures
  %n1 = add i32 %n, 1
  store i32 %n1, i32* @failures
  br label %done
done:
  ret void
}

define internal void @check_at(i32 %id, double* %a, i64 %i, double %want) {
  %q = getelementptr inbounds double, double* %a, i64 %i
  %v = load double, double* %q
  call void @check(i32 %id, double %v, double %want)
  ret void
}

; x = {0.5, -1.25}, y = {1.5, 3}, w = 0.75
define i32 @main() {
entry:
  %xa = alloca [2 x double]
  %ya = alloca [2 x double]
  %dxa = alloca [2 x double]
  %dya = alloca [2 x double]
  %hdr = alloca { double*, i64 }
  %dhdr = alloca { double*, i64 }
  %mo = alloca { double*, double }
  %dmo = alloca { double*, double }
  store [2 x double] [double 0.5, double -1.25], [2 x double]* %xa
  store [2 x double] [double 1.5, double 3.0], [2 x double]* %ya
  %x = getelementptr inbounds [2 x double], [2 x double]* %xa, i64 0, i64 0
  %y = getelementptr inbounds [2 x double], [2 x double]* %ya, i64 0, i64 0
  %dx = getelementptr inbounds [2 x double], [2 x double]* %dxa, i64 0, i64 0
  %dy = getelementptr inbounds [2 x double], [2 x double]* %dya, i64 0, i64 0

  ; select_store, c: x0^2 x1: d/dx0 = 2 x0 x1 = -1.25, d/dx1 = x0^2 = 0.25
  store [2 x double] zeroinitializer, [2 x double]* %dxa
  store [2 x double] zeroinitializer, [2 x double]* %dya
  %r1 = call double (...) @__enzyme_autodiff(double ({ double*, i64 }*, double*, double*, i1)* @select_store, { double*, i64 }* %hdr, { double*, i64 }* %dhdr, double* %x, double* %dx, double* %y, double* %dy, i32* @enzyme_const, i1 true)
  call void @check_at(i32 1, double* %dx, i64 0, double -1.25)
  call void @check_at(i32 2, double* %dx, i64 1, double 0.25)
  call void @check_at(i32 3, double* %dy, i64 0, double 0.0)
  ;   !c: y0^2 y1, tangent (1, -1): 2 y0 y1 - y0^2 = 6.75
  store [2 x double] [double 1.0, double -1.0], [2 x double]* %dya
  %t1 = call double (...) @__enzyme_fwddiff(double ({ double*, i64 }*, double*, double*, i1)* @select_store, { double*, i64 }* %hdr, { double*, i64 }* %dhdr, double* %x, double* %dx, double* %y, double* %dy, i32* @enzyme_const, i1 false)
  call void @check(i32 4, double %t1, double 6.75)

  ; store_mixed: x0 w^2: d/dw = 2 w x0 = 0.75, d/dx0 = w^2 = 0.5625; the
  ; shadow of out->w consumed, the shadow of out->p left pointing at dx
  store [2 x double] zeroinitializer, [2 x double]* %dxa
  store { double*, double } zeroinitializer, { double*, double }* %dmo
  %g2 = call double (...) @__enzyme_autodiff(double ({ double*, double }*, double*, double)* @store_mixed, { double*, double }* %mo, { double*, double }* %dmo, double* %x, double* %dx, double 0.75)
  call void @check(i32 5, double %g2, double 0.75)
  call void @check_at(i32 6, double* %dx, i64 0, double 0.5625)
  %dmo.p = getelementptr inbounds { double*, double }, { double*, double }* %dmo, i32 0, i32 0
  %mp = load double*, double** %dmo.p
  %mp.ok = icmp eq double* %mp, %dx
  %mp.okf = uitofp i1 %mp.ok to double
  call void @check(i32 7, double %mp.okf, double 1.0)
  ;   forward along w: x0 2 w = 0.75; the tangent of out->w is 2 w = 1.5
  store [2 x double] zeroinitializer, [2 x double]* %dya
  %t2 = call double (...) @__enzyme_fwddiff(double ({ double*, double }*, double*, double)* @store_mixed, { double*, double }* %mo, { double*, double }* %dmo, double* %x, double* %dy, double 0.75, double 1.0)
  call void @check(i32 8, double %t2, double 0.75)
  %dmo.w = getelementptr inbounds { double*, double }, { double*, double }* %dmo, i32 0, i32 1
  %tw = load double, double* %dmo.w
  call void @check(i32 9, double %tw, double 1.5)

  %fails = load i32, i32* @failures
  %bad = icmp ne i32 %fails, 0
  br i1 %bad, label %fail, label %pass
fail:
  ret i32 1
pass:
  %okp = getelementptr inbounds [4 x i8], [4 x i8]* @ok, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %okp)
  ret i32 0
}
