; Pointers inside first-class aggregates, in the shapes C rarely produces
; reliably but Rust (slices), flang (descriptors) and C++ after SROA do:
; a `{ptr, i64}` built with insertvalue and passed by value, chosen by a
; select, stored whole into memory and loaded back; a `{ptr, double}`
; chosen by a phi, returned by one function and passed to another, and
; stored whole.  The shadow of each aggregate is the aggregate of its
; fields' shadows; before, the pointers lost their shadows and the
; gradients came out 0 (or the reverse pass dereferenced a null shadow).
; main checks every gradient against its closed form in reverse, forward,
; batched reverse and batched forward mode, and exits 1 on a mismatch.
; RUN: enzyme-opt --verify %s -o %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s
; OUT: ok

@enzyme_dup = external global i32
@enzyme_const = external global i32
@enzyme_width = external global i32
@failures = internal global i32 0
@mismatch = private constant [42 x i8] c"MISMATCH check %d: got %.17g, want %.17g\0A\00"
@ok = private constant [4 x i8] c"ok\0A\00"

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare { double, double } @__enzyme_fwddiff2(...)
declare { double, double } @__enzyme_autodiff2(...)
declare { ptr, double } @__enzyme_autodiff_mixed(...)
declare i32 @printf(ptr, ...)
declare double @llvm.fabs.f64(double)

; sum_{i<n} p[i]^2 of a slice passed by value (n >= 1)
define internal double @sum_slice({ ptr, i64 } %s) noinline {
entry:
  %p = extractvalue { ptr, i64 } %s, 0
  %n = extractvalue { ptr, i64 } %s, 1
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  %v = load double, ptr %q
  %sq = fmul double %v, %v
  %acc.next = fadd double %acc, %sq
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc.next
}

; slice_of(x, n) = sum_{1<=i<n} x_i^2: the slice {x + 1, n - 1}
define double @slice_of(ptr %x, i64 %n) {
  %p = getelementptr inbounds double, ptr %x, i64 1
  %m = add i64 %n, -1
  %s0 = insertvalue { ptr, i64 } poison, ptr %p, 0
  %s = insertvalue { ptr, i64 } %s0, i64 %m, 1
  %r = call double @sum_slice({ ptr, i64 } %s)
  ret double %r
}

; select_store(hdr, x, y, n, c): s = c ? {x, n} : {y, 2}, stored whole into
; *hdr and loaded back whole; returns sum(s) * s.p[0] (the pointer read
; alone from *hdr).  c: x0 sum_{i<n} x_i^2;  !c: y0 (y0^2 + y1^2).
define double @select_store(ptr %hdr, ptr %x, ptr %y, i64 %n, i1 %c) {
  %a0 = insertvalue { ptr, i64 } poison, ptr %x, 0
  %a = insertvalue { ptr, i64 } %a0, i64 %n, 1
  %b0 = insertvalue { ptr, i64 } poison, ptr %y, 0
  %b = insertvalue { ptr, i64 } %b0, i64 2, 1
  %s = select i1 %c, { ptr, i64 } %a, { ptr, i64 } %b
  store { ptr, i64 } %s, ptr %hdr
  %back = load { ptr, i64 }, ptr %hdr
  %r = call double @sum_slice({ ptr, i64 } %back)
  %p = load ptr, ptr %hdr
  %first = load double, ptr %p
  %t = fmul double %r, %first
  ret double %t
}

; {x, w} if c, else {x + 1, 2 w}: a phi of two {ptr, double}
define internal { ptr, double } @make_mixed(ptr %x, double %w, i1 %c) noinline {
entry:
  br i1 %c, label %a, label %b
a:
  %ma0 = insertvalue { ptr, double } poison, ptr %x, 0
  %ma = insertvalue { ptr, double } %ma0, double %w, 1
  br label %join
b:
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  %w2 = fmul double %w, 2.0
  %mb0 = insertvalue { ptr, double } poison, ptr %x1, 0
  %mb = insertvalue { ptr, double } %mb0, double %w2, 1
  br label %join
join:
  %m = phi { ptr, double } [ %ma, %a ], [ %mb, %b ]
  ret { ptr, double } %m
}

; m.w * m.p[0]^2
define internal double @use_mixed({ ptr, double } %m) noinline {
  %p = extractvalue { ptr, double } %m, 0
  %w = extractvalue { ptr, double } %m, 1
  %v = load double, ptr %p
  %r = fmul double %w, %v
  %r2 = fmul double %r, %v
  ret double %r2
}

; mixed(x, w, c) = c ? w x0^2 : 2 w x1^2
define double @mixed(ptr %x, double %w, i1 %c) {
  %m = call { ptr, double } @make_mixed(ptr %x, double %w, i1 %c)
  %r = call double @use_mixed({ ptr, double } %m)
  ret double %r
}

; store_mixed(out, x, w): *out = {x, w^2} stored whole; returns out->p[0] * out->w
; = x0 w^2.  The shadow of out->p must stay the shadow of x.
define double @store_mixed(ptr %out, ptr %x, double %w) {
  %ww = fmul double %w, %w
  %m0 = insertvalue { ptr, double } poison, ptr %x, 0
  %m = insertvalue { ptr, double } %m0, double %ww, 1
  store { ptr, double } %m, ptr %out
  %p = load ptr, ptr %out
  %v = load double, ptr %p
  %wp = getelementptr inbounds i8, ptr %out, i64 8
  %wb = load double, ptr %wp
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
  call i32 (ptr, ...) @printf(ptr @mismatch, i32 %id, double %got, double %want)
  %f = load i32, ptr @failures
  %f1 = add i32 %f, 1
  store i32 %f1, ptr @failures
  br label %done
done:
  ret void
}

define internal void @check_at(i32 %id, ptr %got, i64 %i, double %want) {
  %q = getelementptr inbounds double, ptr %got, i64 %i
  %v = load double, ptr %q
  call void @check(i32 %id, double %v, double %want)
  ret void
}

define internal void @set3(ptr %a, double %a0, double %a1, double %a2) {
  store double %a0, ptr %a
  %q1 = getelementptr inbounds double, ptr %a, i64 1
  store double %a1, ptr %q1
  %q2 = getelementptr inbounds double, ptr %a, i64 2
  store double %a2, ptr %q2
  ret void
}

; x = {0.5, -1.25, 2}, y = {1.5, 3}, w = 0.75
define i32 @main() {
entry:
  %x = alloca [3 x double]
  %y = alloca [2 x double]
  %dx = alloca [3 x double]
  %dx2 = alloca [3 x double]
  %dy = alloca [2 x double]
  %dy2 = alloca [2 x double]
  %hdr = alloca { ptr, i64 }
  %dhdr = alloca { ptr, i64 }
  %dhdr2 = alloca { ptr, i64 }
  %mo = alloca { ptr, double }
  %dmo = alloca { ptr, double }
  call void @set3(ptr %x, double 0.5, double -1.25, double 2.0)
  store [2 x double] [double 1.5, double 3.0], ptr %y

  ; 1. slice_of: d/dx = (0, 2 x1, 2 x2) = (0, -2.5, 4)
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  %r1 = call double (...) @__enzyme_autodiff(ptr @slice_of, ptr %x, ptr %dx, ptr @enzyme_const, i64 3)
  call void @check_at(i32 10, ptr %dx, i64 0, double 0.0)
  call void @check_at(i32 11, ptr %dx, i64 1, double -2.5)
  call void @check_at(i32 12, ptr %dx, i64 2, double 4.0)
  ; tangent along (1, 1, 1): -2.5 + 4
  call void @set3(ptr %dx, double 1.0, double 1.0, double 1.0)
  %t1 = call double (...) @__enzyme_fwddiff(ptr @slice_of, ptr %x, ptr %dx, ptr @enzyme_const, i64 3)
  call void @check(i32 13, double %t1, double 1.5)

  ; 2. sum_slice called directly with a duplicated {ptr, i64}: d/dx_i = 2 x_i
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  %sx0 = insertvalue { ptr, i64 } poison, ptr %x, 0
  %sx = insertvalue { ptr, i64 } %sx0, i64 3, 1
  %sd0 = insertvalue { ptr, i64 } poison, ptr %dx, 0
  %sd = insertvalue { ptr, i64 } %sd0, i64 3, 1
  %r2 = call double (...) @__enzyme_autodiff(ptr @sum_slice, ptr @enzyme_dup, { ptr, i64 } %sx, { ptr, i64 } %sd)
  call void @check_at(i32 20, ptr %dx, i64 0, double 1.0)
  call void @check_at(i32 21, ptr %dx, i64 1, double -2.5)
  call void @check_at(i32 22, ptr %dx, i64 2, double 4.0)
  call void @set3(ptr %dx, double 0.0, double 1.0, double 0.0)
  %t2 = call double (...) @__enzyme_fwddiff(ptr @sum_slice, ptr @enzyme_dup, { ptr, i64 } %sx, { ptr, i64 } %sd)
  call void @check(i32 23, double %t2, double -2.5)

  ; 3. select_store, c = true: x0 (x0^2 + x1^2 + x2^2); sum = 5.8125
  ;    d/dx0 = sum + 2 x0^2 = 6.3125, d/dx1 = 2 x0 x1 = -1.25, d/dx2 = 2 x0 x2 = 2
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  store [2 x double] zeroinitializer, ptr %dy
  store [2 x double] zeroinitializer, ptr %dy2
  %r3 = call double (...) @__enzyme_autodiff(ptr @select_store, ptr %hdr, ptr %dhdr, ptr %x, ptr %dx, ptr %y, ptr %dy, ptr @enzyme_const, i64 3, ptr @enzyme_const, i1 true)
  call void @check_at(i32 30, ptr %dx, i64 0, double 6.3125)
  call void @check_at(i32 31, ptr %dx, i64 1, double -1.25)
  call void @check_at(i32 32, ptr %dx, i64 2, double 2.0)
  call void @check_at(i32 33, ptr %dy, i64 0, double 0.0)
  %hp = load ptr, ptr %dhdr
  %hp.ok = icmp eq ptr %hp, %dx
  %hp.okf = uitofp i1 %hp.ok to double
  call void @check(i32 34, double %hp.okf, double 1.0)
  ;    c = false: y0 (y0^2 + y1^2): d/dy0 = 3 y0^2 + y1^2 = 15.75, d/dy1 = 2 y0 y1 = 9
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  %r3b = call double (...) @__enzyme_autodiff(ptr @select_store, ptr %hdr, ptr %dhdr, ptr %x, ptr %dx, ptr %y, ptr %dy, ptr @enzyme_const, i64 3, ptr @enzyme_const, i1 false)
  call void @check_at(i32 35, ptr %dy, i64 0, double 15.75)
  call void @check_at(i32 36, ptr %dy, i64 1, double 9.0)
  call void @check_at(i32 37, ptr %dx, i64 0, double 0.0)
  ;    forward, c = false, tangent (1, -1) on y: 15.75 - 9
  store [2 x double] [double 1.0, double -1.0], ptr %dy
  %t3 = call double (...) @__enzyme_fwddiff(ptr @select_store, ptr %hdr, ptr %dhdr, ptr %x, ptr %dx, ptr %y, ptr %dy, ptr @enzyme_const, i64 3, ptr @enzyme_const, i1 false)
  call void @check(i32 38, double %t3, double 6.75)
  ;    batched reverse, c = true: both lanes get the gradient
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  call void @set3(ptr %dx2, double 0.0, double 0.0, double 0.0)
  %r3c = call double (...) @__enzyme_autodiff(ptr @select_store, ptr @enzyme_width, i64 2, ptr %hdr, ptr %dhdr, ptr %dhdr2, ptr %x, ptr %dx, ptr %dx2, ptr %y, ptr %dy, ptr %dy2, ptr @enzyme_const, i64 3, ptr @enzyme_const, i1 true)
  call void @check_at(i32 39, ptr %dx2, i64 0, double 6.3125)
  call void @check_at(i32 40, ptr %dx2, i64 2, double 2.0)
  call void @check_at(i32 41, ptr %dx, i64 1, double -1.25)

  ; 4. mixed, c = true: w x0^2: d/dx0 = 2 w x0 = 0.75, d/dw = x0^2 = 0.25
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  %g4 = call double (...) @__enzyme_autodiff(ptr @mixed, ptr %x, ptr %dx, double 0.75, ptr @enzyme_const, i1 true)
  call void @check(i32 50, double %g4, double 0.25)
  call void @check_at(i32 51, ptr %dx, i64 0, double 0.75)
  call void @check_at(i32 52, ptr %dx, i64 1, double 0.0)
  ;    c = false: 2 w x1^2: d/dx1 = 4 w x1 = -3.75, d/dw = 2 x1^2 = 3.125
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  %g4b = call double (...) @__enzyme_autodiff(ptr @mixed, ptr %x, ptr %dx, double 0.75, ptr @enzyme_const, i1 false)
  call void @check(i32 53, double %g4b, double 3.125)
  call void @check_at(i32 54, ptr %dx, i64 1, double -3.75)
  call void @check_at(i32 55, ptr %dx, i64 0, double 0.0)
  ;    forward, c = false, tangents dx = (0, 1, 0), dw = 2: -3.75 + 2 * 3.125
  call void @set3(ptr %dx, double 0.0, double 1.0, double 0.0)
  %t4 = call double (...) @__enzyme_fwddiff(ptr @mixed, ptr %x, ptr %dx, double 0.75, double 2.0, ptr @enzyme_const, i1 false)
  call void @check(i32 56, double %t4, double 2.5)
  ;    batched forward, c = true: lane 0 along x0, lane 1 along w
  call void @set3(ptr %dx, double 1.0, double 0.0, double 0.0)
  call void @set3(ptr %dx2, double 0.0, double 0.0, double 0.0)
  %t4b = call { double, double } (...) @__enzyme_fwddiff2(ptr @mixed, ptr @enzyme_width, i64 2, ptr %x, ptr %dx, ptr %dx2, double 0.75, double 0.0, double 1.0, ptr @enzyme_const, i1 true)
  %t4b0 = extractvalue { double, double } %t4b, 0
  %t4b1 = extractvalue { double, double } %t4b, 1
  call void @check(i32 57, double %t4b0, double 0.75)
  call void @check(i32 58, double %t4b1, double 0.25)
  ;    batched reverse, c = false
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  call void @set3(ptr %dx2, double 0.0, double 0.0, double 0.0)
  %g4c = call { double, double } (...) @__enzyme_autodiff2(ptr @mixed, ptr @enzyme_width, i64 2, ptr %x, ptr %dx, ptr %dx2, double 0.75, ptr @enzyme_const, i1 false)
  %g4c1 = extractvalue { double, double } %g4c, 1
  call void @check(i32 59, double %g4c1, double 3.125)
  call void @check_at(i32 60, ptr %dx2, i64 1, double -3.75)

  ; 5. store_mixed: x0 w^2: d/dx0 = w^2 = 0.5625, d/dw = 2 w x0 = 0.75; the
  ;    shadow of out->p is dx afterwards, the shadow of out->w consumed (0)
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  store { ptr, double } zeroinitializer, ptr %dmo
  %g5 = call double (...) @__enzyme_autodiff(ptr @store_mixed, ptr %mo, ptr %dmo, ptr %x, ptr %dx, double 0.75)
  call void @check(i32 70, double %g5, double 0.75)
  call void @check_at(i32 71, ptr %dx, i64 0, double 0.5625)
  %mp = load ptr, ptr %dmo
  %mp.ok = icmp eq ptr %mp, %dx
  %mp.okf = uitofp i1 %mp.ok to double
  call void @check(i32 72, double %mp.okf, double 1.0)
  call void @check_at(i32 73, ptr %dmo, i64 1, double 0.0)
  ;    forward along x0 = 1, w = 1: 0.5625 + 0.75; the tangent of out->w is 2 w
  call void @set3(ptr %dx, double 1.0, double 0.0, double 0.0)
  %t5 = call double (...) @__enzyme_fwddiff(ptr @store_mixed, ptr %mo, ptr %dmo, ptr %x, ptr %dx, double 0.75, double 1.0)
  call void @check(i32 74, double %t5, double 1.3125)
  call void @check_at(i32 75, ptr %dmo, i64 1, double 1.5)

  ; 6. use_mixed called directly with a duplicated {ptr, double} m = {x, w}:
  ;    w x0^2.  Its gradient is a {ptr, double} whose double is d/dw = x0^2;
  ;    d/dx0 = 2 w x0 = 0.75 goes to the shadow m' = {dx, 0}.  Forward: the
  ;    shadow {dx, 2} carries the tangent of w: 2 x0^2 + 2 w x0 dx0.
  call void @set3(ptr %dx, double 0.0, double 0.0, double 0.0)
  %mx0 = insertvalue { ptr, double } poison, ptr %x, 0
  %mx = insertvalue { ptr, double } %mx0, double 0.75, 1
  %md0 = insertvalue { ptr, double } poison, ptr %dx, 0
  %md = insertvalue { ptr, double } %md0, double 0.0, 1
  %g6 = call { ptr, double } (...) @__enzyme_autodiff_mixed(ptr @use_mixed, ptr @enzyme_dup, { ptr, double } %mx, { ptr, double } %md)
  %g6w = extractvalue { ptr, double } %g6, 1
  call void @check(i32 80, double %g6w, double 0.25)
  call void @check_at(i32 81, ptr %dx, i64 0, double 0.75)
  call void @set3(ptr %dx, double 1.0, double 0.0, double 0.0)
  %mt = insertvalue { ptr, double } %md, double 2.0, 1
  %t6 = call double (...) @__enzyme_fwddiff(ptr @use_mixed, ptr @enzyme_dup, { ptr, double } %mx, { ptr, double } %mt)
  call void @check(i32 82, double %t6, double 1.25)

  %fails = load i32, ptr @failures
  %bad = icmp ne i32 %fails, 0
  br i1 %bad, label %fail, label %pass
fail:
  ret i32 1
pass:
  call i32 (ptr, ...) @printf(ptr @ok)
  ret i32 0
}
