; Loads that a later store may overwrite.  In @relax, y[i] may alias x, so
; x[j] (loaded in the inner loop) could change before the reverse pass reads
; it.  Rather than tape x[j] once per inner iteration, the forward pass logs
; each y[i] store (address and old value, once per outer iteration), the
; reverse of the store's block undoes it, and x[j] is loaded again.  At the
; end the log is replayed, so y holds the primal's results.
; In @column, x is walked with a stride of n elements: in the general
; gradient that load stays on the tape (re-reading a strided stream beside
; its adjoint costs more).  (The gradient is versioned on aliasing: when x
; and y are apart, a noalias copy with the loops interchanged runs.)
; A local array's stores are undone but never replayed; the memset that
; clears it runs once, before any of its loads, and needs no undoing.  Its
; store's address, buf[i & 3], is computed again in reverse from the
; counter (cache_policy `address_at_hand`): the entry keeps the old value
; alone, 8 bytes.
; RUN: enzyme-opt %s -o %t.ll
; RUN: FileCheck %s < %t.ll

declare void @__enzyme_autodiff(...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define void @relax(ptr %x, ptr %y, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %store ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %s = phi double [ 0.0, %outer ], [ %s.next, %inner ]
  %px = getelementptr inbounds double, ptr %x, i64 %j
  %v = load double, ptr %px
  %sq = fmul double %v, %v
  %s.next = fadd double %s, %sq
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %store, label %inner
store:
  %py = getelementptr inbounds double, ptr %y, i64 %i
  store double %s.next, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret void
}

define void @column(ptr %x, ptr %y, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %store ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %s = phi double [ 0.0, %outer ], [ %s.next, %inner ]
  %row = mul nuw nsw i64 %j, %n
  %k = add nuw nsw i64 %row, %i
  %px = getelementptr inbounds double, ptr %x, i64 %k
  %v = load double, ptr %px
  %sq = fmul double %v, %v
  %s.next = fadd double %s, %sq
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %store, label %inner
store:
  %py = getelementptr inbounds double, ptr %y, i64 %i
  store double %s.next, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret void
}

define double @local(ptr %x, i64 %n) {
entry:
  %buf = alloca [4 x double]
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 32, i1 false)
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %store ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %store ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %s = phi double [ 1.0, %outer ], [ %s.next, %inner ]
  %pb = getelementptr inbounds [4 x double], ptr %buf, i64 0, i64 %j
  %b = load double, ptr %pb
  %s.next = fmul double %s, %b
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, 4
  br i1 %j.done, label %store, label %inner
store:
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %xv = load double, ptr %px
  %slot = and i64 %i, 3
  %pw = getelementptr inbounds [4 x double], ptr %buf, i64 0, i64 %slot
  store double %xv, ptr %pw
  %acc.next = fadd double %acc, %s.next
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret double %acc.next
}

; CHECK-LABEL: define internal void @diffe_relax(
; CHECK-NOT:   store double %v, ptr %v.slot
; CHECK:       %undo.push = call ptr @enzyme_opt.tape.push(ptr %undo.log, i64 24)
; CHECK-NEXT:  store ptr %py, ptr %undo.push
; CHECK:       store i64 8, ptr
; CHECK-NEXT:  %undo.old = load double, ptr %py
; CHECK:       store double %s.next, ptr %py
; CHECK:       %v.re = load double, ptr %px.re
; CHECK:       %undo.pop = call ptr @enzyme_opt.tape.pop(ptr %undo.log, i64 24)
; CHECK:       %undo.new = load double, ptr %undo.address
; CHECK:       undo.replay.entry:
; CHECK:       %undo.size = load i64
; CHECK-NEXT:  switch i64 %undo.size, label %undo.replay.bad [
; CHECK-NEXT:    i64 8, label %undo.replay.8
; CHECK:       undo.replay.bad:
; CHECK-NEXT:  unreachable
; CHECK:       undo.replay.done:
; CHECK-NEXT:  %tape.base.ptr{{.*}} = getelementptr inbounds { ptr, i64, i64 }, ptr %undo.log
; CHECK:       call void @free(ptr %tape.base
; CHECK:       undo.replay.8:
; CHECK:       store double %undo.value, ptr %undo.address
; CHECK-NEXT:  %undo.next = add i64 %undo.offset, 24
; CHECK-NEXT:  br label %undo.replay

; CHECK-LABEL: define internal void @diffe_column.mayalias(
; CHECK-NOT:   undo.
; CHECK:       store double %v, ptr %v.slot
; CHECK-NOT:   undo.
; CHECK:       ret void

; CHECK-LABEL: define internal void @diffe_local(
; CHECK:       %undo.push = call ptr @enzyme_opt.tape.push(ptr %undo.log, i64 8)
; CHECK-NEXT:  %undo.old = load double, ptr %pw
; CHECK-NEXT:  store double %undo.old, ptr %undo.push
; CHECK:       %slot.re = and i64 %i.rev, 3
; CHECK:       %pw.re = getelementptr inbounds [4 x double], ptr %buf.rev{{.*}}, i64 0, i64 %slot.re
; CHECK:       %undo.pop = call ptr @enzyme_opt.tape.pop(ptr %undo.log, i64 8)
; CHECK-NEXT:  %undo.old.1 = load double, ptr %undo.pop
; CHECK-NEXT:  store double %undo.old.1, ptr %pw.re
; CHECK-NOT:   undo.new
; CHECK-NOT:   undo.replay
; CHECK:       ret void

define void @main(ptr %x, ptr %dx, ptr %y, ptr %dy, i64 %n) {
  call void (...) @__enzyme_autodiff(ptr @relax, ptr %x, ptr %dx, ptr %y, ptr %dy, i64 %n)
  call void (...) @__enzyme_autodiff(ptr @column, ptr %x, ptr %dx, ptr %y, ptr %dy, i64 %n)
  %d = call double (...) @__enzyme_autodiff(ptr @local, ptr %x, ptr %dx, i64 %n)
  ret void
}
