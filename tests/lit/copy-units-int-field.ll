; copy-units-of-two-strides.ll with an integer in place of the pointer:
; {double w, long id} structs seen every 16 bytes (each w * id) and every 32
; (the even w squared), copied by one memcpy of n structs.  With the
; layout's period taken as 32, the copy of five structs moved the adjoints
; of four: df/dw_4 was 0 where 16 is right, exit status 0.
; f = sum w_i id_i + sum_even w_i^2, w = 1..5, id = 2..6: (4, 3, 10, 5, 16).
; RUN: enzyme-opt %s -o %t.ll
; RUN: %lli %t.ll | FileCheck %s
; CHECK: 4 3 10 5 16
%pair = type { double, i64 }
declare double @__enzyme_autodiff(...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @printf(ptr, ...)
@fmt = private constant [16 x i8] c"%g %g %g %g %g\0A\00"

define double @f(ptr %in, i64 %n) {
entry:
  %local = alloca [8 x %pair], align 16
  %bytes = shl i64 %n, 4
  call void @llvm.memcpy.p0.p0.i64(ptr %local, ptr %in, i64 %bytes, i1 false)
  br label %all

all:
  %i = phi i64 [ 0, %entry ], [ %i.next, %all ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %all ]
  %wp = getelementptr inbounds %pair, ptr %local, i64 %i, i32 0
  %w = load double, ptr %wp, align 8
  %idp = getelementptr inbounds %pair, ptr %local, i64 %i, i32 1
  %id = load i64, ptr %idp, align 8, !tbaa !3
  %idf = sitofp i64 %id to double
  %wid = fmul double %w, %idf
  %s.next = fadd double %s, %wid
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %all, label %evens

evens:
  %j = phi i64 [ 0, %all ], [ %j.next, %evens ]
  %e = phi double [ %s.next, %all ], [ %e.next, %evens ]
  %k = shl i64 %j, 1
  %ep = getelementptr inbounds %pair, ptr %local, i64 %k, i32 0
  %ew = load double, ptr %ep, align 8
  %sq = fmul double %ew, %ew
  %e.next = fadd double %e, %sq
  %j.next = add i64 %j, 1
  %k.next = shl i64 %j.next, 1
  %again = icmp ult i64 %k.next, %n
  br i1 %again, label %evens, label %done

done:
  ret double %e.next
}

define i32 @main() {
  %in = alloca [5 x %pair], align 16
  %din = alloca [5 x %pair], align 16
  call void @llvm.memset.p0.i64(ptr %in, i8 0, i64 80, i1 false)
  call void @llvm.memset.p0.i64(ptr %din, i8 0, i64 80, i1 false)
  %p0 = getelementptr inbounds %pair, ptr %in, i64 0, i32 0
  store double 1.0, ptr %p0
  %id0 = getelementptr inbounds %pair, ptr %in, i64 0, i32 1
  store i64 2, ptr %id0
  %p1 = getelementptr inbounds %pair, ptr %in, i64 1, i32 0
  store double 2.0, ptr %p1
  %id1 = getelementptr inbounds %pair, ptr %in, i64 1, i32 1
  store i64 3, ptr %id1
  %p2 = getelementptr inbounds %pair, ptr %in, i64 2, i32 0
  store double 3.0, ptr %p2
  %id2 = getelementptr inbounds %pair, ptr %in, i64 2, i32 1
  store i64 4, ptr %id2
  %p3 = getelementptr inbounds %pair, ptr %in, i64 3, i32 0
  store double 4.0, ptr %p3
  %id3 = getelementptr inbounds %pair, ptr %in, i64 3, i32 1
  store i64 5, ptr %id3
  %p4 = getelementptr inbounds %pair, ptr %in, i64 4, i32 0
  store double 5.0, ptr %p4
  %id4 = getelementptr inbounds %pair, ptr %in, i64 4, i32 1
  store i64 6, ptr %id4
  call double (...) @__enzyme_autodiff(ptr @f, ptr %in, ptr %din, i64 5)
  %d0 = load double, ptr %din
  %q1 = getelementptr inbounds %pair, ptr %din, i64 1, i32 0
  %d1 = load double, ptr %q1
  %q2 = getelementptr inbounds %pair, ptr %din, i64 2, i32 0
  %d2 = load double, ptr %q2
  %q3 = getelementptr inbounds %pair, ptr %din, i64 3, i32 0
  %d3 = load double, ptr %q3
  %q4 = getelementptr inbounds %pair, ptr %din, i64 4, i32 0
  %d4 = load double, ptr %q4
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2, double %d3, double %d4)
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"long", !1, i64 0}
!3 = !{!2, !2, i64 0}
