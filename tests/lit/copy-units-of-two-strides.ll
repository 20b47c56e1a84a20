; A copy of n {double w, ptr next} structs whose layout type analysis sees
; with two strides: every 16 bytes (local[i]) and every 32 (local[2j], the
; shape of a loop unrolled by two).  The copy's derivative walks whole units
; of the layout's period, which was the least common multiple, 32: a copy
; of five structs (80 bytes) was walked as two units, so the fifth struct's
; shadow pointer was never copied and its adjoint never moved back (a
; segfault, or a wrong gradient with exit status 0).  The period is now the
; shortest repeat, 16, and a size that is not a whole number of units stops
; at run time instead of dropping the tail.
; f = sum_i w_i * w_{i+1 mod 5} + w_0 + w_2 + w_4, w = 1..5:
; df/dw = (8, 4, 7, 8, 6).
; RUN: enzyme-opt %s -o %t.ll
; RUN: %lli %t.ll | FileCheck %s
; RUN: FileCheck --check-prefix=IR %s < %t.ll
; RUN: sed -e 's/%bytes = shl i64 %n, 4/%bytes = add i64 %n, 67/' %s > %t.tail.ll
; RUN: enzyme-opt %t.tail.ll -o %t.tail.out.ll
; RUN: not --crash %lli %t.tail.out.ll 2>&1 | FileCheck --check-prefix=TAIL %s
; CHECK: 8 4 7 8 6
; IR: define internal void @enzyme_opt.memcpy.adjoint.u16.d0(
; TAIL: enzyme-opt: a copy's derivative (enzyme_opt.memcpy.{{.*}}) walks whole 16-byte units of the copied structs, and this copy's size is not a multiple of that

%node = type { double, ptr }
declare double @__enzyme_autodiff(...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @printf(ptr, ...)
@fmt = private constant [16 x i8] c"%g %g %g %g %g\0A\00"

define double @f(ptr %nodes, i64 %n) {
entry:
  %local = alloca [8 x %node], align 16
  %bytes = shl i64 %n, 4
  call void @llvm.memcpy.p0.p0.i64(ptr %local, ptr %nodes, i64 %bytes, i1 false)
  br label %ring

ring:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ring ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %ring ]
  %wp = getelementptr inbounds %node, ptr %local, i64 %i, i32 0
  %w = load double, ptr %wp, align 8
  %np = getelementptr inbounds %node, ptr %local, i64 %i, i32 1
  %next = load ptr, ptr %np, align 8
  %nw = load double, ptr %next, align 8
  %t = fmul double %w, %nw
  %s.next = fadd double %s, %t
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %ring, label %evens

evens:
  %j = phi i64 [ 0, %ring ], [ %j.next, %evens ]
  %e = phi double [ %s.next, %ring ], [ %e.next, %evens ]
  %k = shl i64 %j, 1
  %ep = getelementptr inbounds %node, ptr %local, i64 %k, i32 0
  %ew = load double, ptr %ep, align 8
  %e.next = fadd double %e, %ew
  %j.next = add i64 %j, 1
  %k.next = shl i64 %j.next, 1
  %again = icmp ult i64 %k.next, %n
  br i1 %again, label %evens, label %done

done:
  ret double %e.next
}

define void @ring_of(ptr %a, i64 %at, double %w) {
  %p = getelementptr inbounds %node, ptr %a, i64 %at, i32 0
  store double %w, ptr %p, align 8
  %q = getelementptr inbounds %node, ptr %a, i64 %at, i32 1
  %nx = add i64 %at, 1
  %wrap = urem i64 %nx, 5
  %to = getelementptr inbounds %node, ptr %a, i64 %wrap
  store ptr %to, ptr %q, align 8
  ret void
}

define i32 @main() {
  %nodes = alloca [5 x %node], align 16
  %dnodes = alloca [5 x %node], align 16
  call void @ring_of(ptr %nodes, i64 0, double 1.0)
  call void @ring_of(ptr %nodes, i64 1, double 2.0)
  call void @ring_of(ptr %nodes, i64 2, double 3.0)
  call void @ring_of(ptr %nodes, i64 3, double 4.0)
  call void @ring_of(ptr %nodes, i64 4, double 5.0)
  call void @ring_of(ptr %dnodes, i64 0, double 0.0)
  call void @ring_of(ptr %dnodes, i64 1, double 0.0)
  call void @ring_of(ptr %dnodes, i64 2, double 0.0)
  call void @ring_of(ptr %dnodes, i64 3, double 0.0)
  call void @ring_of(ptr %dnodes, i64 4, double 0.0)
  call double (...) @__enzyme_autodiff(ptr @f, ptr %nodes, ptr %dnodes, i64 5)
  %d0 = load double, ptr %dnodes, align 16
  %p1 = getelementptr inbounds %node, ptr %dnodes, i64 1
  %d1 = load double, ptr %p1, align 8
  %p2 = getelementptr inbounds %node, ptr %dnodes, i64 2
  %d2 = load double, ptr %p2, align 8
  %p3 = getelementptr inbounds %node, ptr %dnodes, i64 3
  %d3 = load double, ptr %p3, align 8
  %p4 = getelementptr inbounds %node, ptr %dnodes, i64 4
  %d4 = load double, ptr %p4, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2, double %d3, double %d4)
  ret i32 0
}
