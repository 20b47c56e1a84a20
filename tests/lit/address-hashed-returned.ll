; An address hashed by helpers and the hash returned.  As a bucket index
; the caller only counts with (BUCKET, the shape of
; std::unordered_map<const char *, T>::operator[] at -O3 -fno-inline), it
; is no address: f = x0 * x1 at x = (2, 3), df/dx = (3, 2).  Made a pointer
; again after more arithmetic (`& -8`) in the caller, it stays refused at
; the call, also when the helper reaches the hashing helper twice and only
; the second result is returned (each call's result is followed on
; its own; the TWICE run), and when the address is taken in a helper that
; returns the hash to its caller (followed into the caller's uses; the UP run).
; RUN: enzyme-opt %s -o %t.out.ll
; RUN: %lli %t.out.ll | FileCheck --check-prefix=BUCKET %s
; RUN: sed -e 's/^; T: //' %s > %t.twice.ll
; RUN: not enzyme-opt %t.twice.ll -o %t.twice.out.ll 2>&1 | FileCheck --check-prefix=TWICE %s
; RUN: sed -e 's/^; U: //' %s > %t.up.ll
; RUN: not enzyme-opt %t.up.ll -o %t.up.out.ll 2>&1 | FileCheck --check-prefix=UP %s

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%g %g\0A\00"
@counts = internal global [7 x i32] zeroinitializer

define internal i64 @mix(i64 %a) noinline {
  %s = lshr i64 %a, 3
  %m = mul i64 %a, 31
  %h = xor i64 %s, %m
  ret i64 %h
}

define internal i64 @bucket(i64 %a) noinline {
  %h = call i64 @mix(i64 %a)
  %b = urem i64 %h, 7
  ret i64 %b
}

define double @f(ptr %x) {
  %a = ptrtoint ptr %x to i64
  %b = call i64 @bucket(i64 %a)
  %slot = getelementptr inbounds [7 x i32], ptr @counts, i64 0, i64 %b
  %c = load i32, ptr %slot, align 4
  %c1 = add i32 %c, 1
  store i32 %c1, ptr %slot, align 4
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x0 = load double, ptr %x, align 8
  %x1 = load double, ptr %x1p, align 8
  %r = fmul double %x0, %x1
  ret double %r
}

; T: define internal i64 @twice(i64 %a) noinline {
; T:   %h1 = call i64 @mix(i64 %a)
; T:   %h2 = call i64 @mix(i64 %a)
; T:   %b1 = urem i64 %h1, 7
; T:   %slot = getelementptr inbounds [7 x i32], ptr @counts, i64 0, i64 %b1
; T:   store i32 1, ptr %slot, align 4
; T:   ret i64 %h2
; T: }
; T: define double @g(ptr %x) {
; T:   %a = ptrtoint ptr %x to i64
; T:   %h = call i64 @twice(i64 %a)
; T:   %aligned = and i64 %h, -8
; T:   %p = inttoptr i64 %aligned to ptr
; T:   %v = load double, ptr %p, align 8
; T:   %r = fmul double %v, %v
; T:   ret double %r
; T: }
; T: define void @grad_g(ptr %x, ptr %dx) {
; T:   %r = call double (...) @__enzyme_autodiff(ptr @g, ptr %x, ptr %dx)
; T:   ret void
; T: }
; TWICE: {{.*}}.ll:[[#@LINE-11]]:3: error: cannot differentiate the address of a pointer with a shadow passed to 'twice' as i64, which computes an address from it beyond adding offsets

; U: define internal i64 @hash_of(ptr %p) noinline {
; U:   %a = ptrtoint ptr %p to i64
; U:   %h = call i64 @mix(i64 %a)
; U:   ret i64 %h
; U: }
; U: define double @u(ptr %x) {
; U:   %h = call i64 @hash_of(ptr %x)
; U:   %aligned = and i64 %h, -8
; U:   %p = inttoptr i64 %aligned to ptr
; U:   %v = load double, ptr %p, align 8
; U:   %r = fmul double %v, %v
; U:   ret double %r
; U: }
; U: define void @grad_u(ptr %x, ptr %dx) {
; U:   %r = call double (...) @__enzyme_autodiff(ptr @u, ptr %x, ptr %dx)
; U:   ret void
; U: }
; UP: {{.*}}.ll:[[#@LINE-15]]:3: error: cannot differentiate the address of a pointer with a shadow passed to 'mix' as i64, which computes an address from it beyond adding offsets

define i32 @main() {
  %x = alloca [2 x double], align 8
  %dx = alloca [2 x double], align 8
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  %dx1 = getelementptr inbounds double, ptr %dx, i64 1
  store double 2.0, ptr %x, align 8
  store double 3.0, ptr %x1, align 8
  store double 0.0, ptr %dx, align 8
  store double 0.0, ptr %dx1, align 8
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %d0 = load double, ptr %dx, align 8
  %d1 = load double, ptr %dx1, align 8
  %p = call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1)
  ret i32 0
}
; BUCKET: 3 2
