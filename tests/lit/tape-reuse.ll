; The tape's memory on a target with threads: the outermost derivative takes
; the thread's kept buffer when it starts and hands its own back when it
; returns (no free per call); growing is an out-of-line call that preserves
; all registers, so loops keep their values in registers around it (compiled
; for its callers' target: tape-grow-target.c).  The
; second and third calls below run on the first call's memory and must give
; the same gradients; the third grows it past the size from which Linux is
; asked for huge pages.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %lli %t.ll | FileCheck --check-prefix=OUT %s

target triple = "x86_64-pc-linux-gnu"

declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare ptr @calloc(i64, i64)

@fmt = private constant [10 x i8] c"%g %g %g\0A\00"

; y[i] = x[i]^2, where y may alias x: each x[i] goes on the tape.  The
; gradient is versioned on aliasing (ad/versioning.py) and called in place
; (y is x, dy is dx) below, so its general version, which tapes, runs.
define void @squares(ptr %y, ptr %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %sq = fmul double %v, %v
  %py = getelementptr inbounds double, ptr %y, i64 %i
  store double %sq, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; d(sum of y)/dx[k] for x[k] = k + 1, after three calls on n elements (main
; passes x for y and dx for dy: dy, seeded after dx is zeroed, is dx)
define double @gradient_at(ptr %x, ptr %dx, ptr %y, ptr %dy, i64 %n, i64 %k) #0 {
entry:
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %i.fp = uitofp i64 %i to double
  %xi = fadd double %i.fp, 1.0
  %px = getelementptr inbounds double, ptr %x, i64 %i
  store double %xi, ptr %px
  %pdx = getelementptr inbounds double, ptr %dx, i64 %i
  store double 0.0, ptr %pdx
  %pdy = getelementptr inbounds double, ptr %dy, i64 %i
  store double 1.0, ptr %pdy
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %run, label %fill
run:
  call void (...) @__enzyme_autodiff(ptr @squares, ptr %y, ptr %dy, ptr %x, ptr %dx, i64 %n)
  %p = getelementptr inbounds double, ptr %dx, i64 %k
  %d = load double, ptr %p
  ret double %d
}

define i32 @main() #0 {
  %x = call ptr @calloc(i64 1000000, i64 8)
  %dx = call ptr @calloc(i64 1000000, i64 8)
  %y = call ptr @calloc(i64 1000000, i64 8)
  %dy = call ptr @calloc(i64 1000000, i64 8)
  %a = call double @gradient_at(ptr %x, ptr %dx, ptr %x, ptr %dx, i64 3, i64 2)
  %b = call double @gradient_at(ptr %x, ptr %dx, ptr %x, ptr %dx, i64 3, i64 2)
  %c = call double @gradient_at(ptr %x, ptr %dx, ptr %x, ptr %dx, i64 1000000, i64 999999)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %b, double %c)
  ret i32 0
}

attributes #0 = { "target-cpu"="x86-64" "target-features"="+cx8,+sse,+sse2,+x87" }

; CHECK: @enzyme_opt.tape.spare = internal thread_local global { ptr, i64, i64 } zeroinitializer
; CHECK-LABEL: define internal void @diffe_squares.mayalias(
; CHECK:       %spare.base = load ptr, ptr %{{.*}}
; CHECK:       %spare.cap = load i64, ptr %{{.*}}
; CHECK-NOT:   call void @free
; CHECK:       call void @enzyme_opt.tape.release(ptr %tape)
; CHECK-NEXT:  ret void
; CHECK-LABEL: define internal ptr @enzyme_opt.tape.push(
; CHECK:       call preserve_allcc void @enzyme_opt.tape.grow(ptr %old.base, i64 %capacity, ptr %grown.ptr)
; CHECK-LABEL: define internal preserve_allcc void @enzyme_opt.tape.grow(ptr %base, i64 %capacity, ptr %grown) noinline nounwind cold "target-cpu"="x86-64" "target-features"="+cx8,+sse,+sse2,+x87,-vzeroupper" {
; CHECK:       call ptr @realloc(
; CHECK-NOT:   madvise
; CHECK-LABEL: define internal void @enzyme_opt.tape.release(ptr %tape) alwaysinline nounwind
; CHECK:       call void @free(ptr %kept)
; OUT: 6 6 2e+06
