; The vectorizer's splat of a loaded scalar (insertelement + shufflevector)
; and a vector gathered lane by lane from loads are rebuilt in the reverse
; pass when what they move is at hand there (loads of memory the function
; never writes): a shuffle or two instead of a vector taped per iteration,
; and the vector expressions over them (`splat - gathered`, its square) are
; then recomputed too.  The sum's reduction reads no primal value, so with
; nothing taped the forward loop (whose result nobody needs) feeds no tape
; at all (aos/soa of tools/perfhunt built with vectorization: 1.40x/1.46x
; the reference's instructions before, 0.97x/1.05x after).
; In @splat_written the splatted scalar is loaded from memory the loop
; writes, so the splat is not rebuilt, and `d = splat - gathered` is kept
; (taped per iteration).
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

declare double @__enzyme_autodiff(...)
declare double @llvm.vector.reduce.fadd.v2f64(double, <2 x double>)

; sum over j of (x[k] - x[j])^3, two lanes at a time
define double @splat(ptr %x, i64 %k, i64 %n) {
entry:
  %pk = getelementptr inbounds double, ptr %x, i64 %k
  %xk = load double, ptr %pk
  %ins = insertelement <2 x double> poison, double %xk, i64 0
  %sp = shufflevector <2 x double> %ins, <2 x double> poison, <2 x i32> zeroinitializer
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %p0 = getelementptr inbounds double, ptr %x, i64 %j
  %a = load double, ptr %p0
  %p1 = getelementptr inbounds double, ptr %p0, i64 1
  %b = load double, ptr %p1
  %g0 = insertelement <2 x double> poison, double %a, i64 0
  %g = insertelement <2 x double> %g0, double %b, i64 1
  %d = fsub fast <2 x double> %sp, %g
  %dd = fmul fast <2 x double> %d, %d
  %t = fmul fast <2 x double> %dd, %d
  %acc.next = fadd fast <2 x double> %acc, %t
  %j.next = add nuw nsw i64 %j, 2
  %done = icmp uge i64 %j.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %s = call fast double @llvm.vector.reduce.fadd.v2f64(double -0.0, <2 x double> %acc.next)
  ret double %s
}

; The same shape, x[k] loaded in the loop after the loop wrote y[j] (which
; may be x[k]): neither the load nor its splat can be had again.
define double @splat_written(ptr %x, ptr %y, i64 %k, i64 %n) {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %p0 = getelementptr inbounds double, ptr %x, i64 %j
  %a = load double, ptr %p0
  %py = getelementptr inbounds double, ptr %y, i64 %j
  store double %a, ptr %py
  %pk = getelementptr inbounds double, ptr %x, i64 %k
  %xk = load double, ptr %pk
  %ins = insertelement <2 x double> poison, double %xk, i64 0
  %sp = shufflevector <2 x double> %ins, <2 x double> poison, <2 x i32> zeroinitializer
  %g0 = insertelement <2 x double> poison, double %a, i64 0
  %g = insertelement <2 x double> %g0, double %a, i64 1
  %d = fsub fast <2 x double> %sp, %g
  %dd = fmul fast <2 x double> %d, %d
  %t = fmul fast <2 x double> %dd, %dd
  %acc.next = fadd fast <2 x double> %acc, %t
  %j.next = add nuw nsw i64 %j, 1
  %done = icmp uge i64 %j.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %s = call fast double @llvm.vector.reduce.fadd.v2f64(double -0.0, <2 x double> %acc.next)
  ret double %s
}

; The splat read by the adjoint of `splat * gathered` itself, in the reverse
; of a loop it is outside of: kept, its slot saved once per run of the loop
; and read back as one value, rather than loaded and shuffled again on every
; iteration (a row's A[i][k] over a vectorized j loop).
define double @splat_scaled(ptr %x, i64 %k, i64 %n) {
entry:
  %pk = getelementptr inbounds double, ptr %x, i64 %k
  %xk = load double, ptr %pk
  %ins = insertelement <2 x double> poison, double %xk, i64 0
  %sp = shufflevector <2 x double> %ins, <2 x double> poison, <2 x i32> zeroinitializer
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %p0 = getelementptr inbounds double, ptr %x, i64 %j
  %g = load <2 x double>, ptr %p0
  %t = fmul fast <2 x double> %sp, %g
  %acc.next = fadd fast <2 x double> %acc, %t
  %j.next = add nuw nsw i64 %j, 2
  %done = icmp uge i64 %j.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %s = call fast double @llvm.vector.reduce.fadd.v2f64(double -0.0, <2 x double> %acc.next)
  ret double %s
}

; A splat in the loop of a scalar the reverse reads from a slot (loaded
; from memory the loop may write through %y): rebuilt from the scalar's
; slot, one shuffle for a vector slot (hand's rotation products).
define double @splat_kept(ptr %x, ptr %y, i64 %k, i64 %n) {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %pk = getelementptr inbounds double, ptr %x, i64 %k
  %xk = load double, ptr %pk
  %ins = insertelement <2 x double> poison, double %xk, i64 0
  %sp = shufflevector <2 x double> %ins, <2 x double> poison, <2 x i32> zeroinitializer
  %p0 = getelementptr inbounds double, ptr %x, i64 %j
  %g = load <2 x double>, ptr %p0
  %t = fmul fast <2 x double> %sp, %g
  %py = getelementptr inbounds double, ptr %y, i64 %j
  store <2 x double> %t, ptr %py
  %acc.next = fadd fast <2 x double> %acc, %t
  %j.next = add nuw nsw i64 %j, 2
  %done = icmp uge i64 %j.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %s = call fast double @llvm.vector.reduce.fadd.v2f64(double -0.0, <2 x double> %acc.next)
  ret double %s
}

define void @grads(ptr %x, ptr %dx, ptr %y, ptr %dy, i64 %k, i64 %n) {
  %1 = call double (...) @__enzyme_autodiff(ptr @splat, ptr %x, ptr %dx, i64 %k, i64 %n)
  %2 = call double (...) @__enzyme_autodiff(ptr @splat_written, ptr %x, ptr %dx, ptr %y, ptr %dy, i64 %k, i64 %n)
  %3 = call double (...) @__enzyme_autodiff(ptr @splat_scaled, ptr %x, ptr %dx, i64 %k, i64 %n)
  %4 = call double (...) @__enzyme_autodiff(ptr @splat_kept, ptr %x, ptr %dx, ptr %y, ptr %dy, i64 %k, i64 %n)
  ret void
}

; CHECK-LABEL: define internal void @diffe_splat(
; CHECK-NOT:   @enzyme_opt.tape.push
; CHECK-NOT:   .slot = alloca <2 x double>
; CHECK:       invert.loop:
; CHECK:       %sp.re = shufflevector <2 x double>
; CHECK:       %d.re = fsub fast <2 x double> %sp.re{{.*}}, %g.re
; CHECK-NOT:   @enzyme_opt.tape.push
; CHECK:       {{^}}}
; CHECK-LABEL: define internal void @diffe_splat_written(
; CHECK:       %d.slot = alloca <2 x double>
; CHECK:       @enzyme_opt.tape.push
; CHECK-NOT:   %sp.re =
; CHECK:       {{^}}}
; CHECK-LABEL: define internal void @diffe_splat_scaled(
; CHECK:       %sp.slot = alloca <2 x double>
; CHECK:       invert.loop:
; CHECK-NOT:   %sp.re =
; CHECK:       {{^}}}
; CHECK-LABEL: define internal void @diffe_splat_kept(
; CHECK-NOT:   %sp.slot = alloca
; CHECK:       %xk.slot = alloca double
; CHECK-NOT:   %sp.slot = alloca
; CHECK:       invert.loop:
; CHECK:       %sp.re = shufflevector <2 x double>
; CHECK:       {{^}}}
