; LLVM: 19
; Fixed and scalable vectors, vector element operations, shufflevector with
; undef/poison masks, GEPs with vector bases and indices, GEP flags (inbounds,
; nusw, nuw, inrange) on instructions and constants, splat constants.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"

%struct.V = type { <4 x float>, [2 x <2 x i64>] }
%vt = type { [3 x ptr], [2 x ptr] }

@vtable = constant %vt { [3 x ptr] [ptr null, ptr null, ptr @vfn], [2 x ptr] zeroinitializer }
@vt.addr = global ptr getelementptr inbounds inrange(-16, 8) (%vt, ptr @vtable, i32 0, i32 0, i32 2)
@vt.addr2 = global ptr getelementptr inrange(0, 16) (i8, ptr @vtable, i64 24)
@g.nusw = global ptr getelementptr nusw (i8, ptr @vtable, i64 8)
@g.nuw = global ptr getelementptr nuw (%vt, ptr @vtable, i64 0, i32 1)
@g.all = global ptr getelementptr inbounds nuw (%vt, ptr @vtable, i64 0, i32 1, i64 1)
@splat.i = global <4 x i32> splat (i32 7)
@splat.f = global <2 x double> splat (double 1.5)
@vec.const = global <4 x i1> <i1 true, i1 false, i1 true, i1 false>
@vec.ptrs = global <2 x ptr> <ptr @vtable, ptr null>
@vgep.const = global <2 x ptr> getelementptr (i8, <2 x ptr> <ptr @vtable, ptr @vtable>, <2 x i64> <i64 8, i64 16>)

define void @vfn() {
  ret void
}

define <4 x i32> @element_ops(<4 x i32> %v, i32 %x, i64 %idx) {
  %e0 = extractelement <4 x i32> %v, i32 0
  %e1 = extractelement <4 x i32> %v, i64 %idx
  %i0 = insertelement <4 x i32> %v, i32 %x, i32 3
  %i1 = insertelement <4 x i32> poison, i32 %e0, i64 0
  %sp = shufflevector <4 x i32> %i1, <4 x i32> poison, <4 x i32> zeroinitializer
  %s1 = shufflevector <4 x i32> %i0, <4 x i32> %sp, <4 x i32> <i32 0, i32 5, i32 poison, i32 7>
  %s2 = shufflevector <4 x i32> %s1, <4 x i32> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 undef, i32 undef, i32 3, i32 2>
  %s3 = shufflevector <8 x i32> %s2, <8 x i32> %s2, <2 x i32> <i32 15, i32 0>
  %s4 = shufflevector <4 x i32> %s1, <4 x i32> %s1, <4 x i32> splat (i32 1)
  %add = add <4 x i32> %s4, splat (i32 1)
  %cmp = icmp slt <4 x i32> %add, <i32 0, i32 1, i32 2, i32 3>
  %sel = select <4 x i1> %cmp, <4 x i32> %add, <4 x i32> zeroinitializer
  ret <4 x i32> %sel
}

define <vscale x 4 x i32> @scalable(<vscale x 4 x i32> %a, <vscale x 2 x double> %d, i32 %x) {
  %ins = insertelement <vscale x 4 x i32> poison, i32 %x, i64 0
  %splat = shufflevector <vscale x 4 x i32> %ins, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %sum = add nsw <vscale x 4 x i32> %a, %splat
  %ext = extractelement <vscale x 4 x i32> %sum, i32 1
  %cnv = fptosi <vscale x 2 x double> %d to <vscale x 2 x i64>
  %msk = icmp eq <vscale x 4 x i32> %sum, zeroinitializer
  %one = add <vscale x 4 x i32> %sum, splat (i32 1)
  %sel = select <vscale x 4 x i1> %msk, <vscale x 4 x i32> %one, <vscale x 4 x i32> %a
  %bit = bitcast <vscale x 4 x i32> %sel to <vscale x 16 x i8>
  %un = bitcast <vscale x 16 x i8> %bit to <vscale x 4 x i32>
  ret <vscale x 4 x i32> %un
}

define void @scalable_memory(ptr %p, i64 %i) {
  %g = getelementptr <vscale x 4 x i32>, ptr %p, i64 %i
  %l = load <vscale x 4 x i32>, ptr %g, align 16
  %g2 = getelementptr inbounds <vscale x 2 x i64>, ptr %p, i64 1, i64 %i
  store <vscale x 4 x i32> %l, ptr %p, align 16
  %a = alloca <vscale x 8 x i1>, align 2
  %vs = call i64 @llvm.vscale.i64()
  ret void
}

define void @geps(ptr %p, <4 x ptr> %vp, <4 x i64> %vi, i64 %i, i32 %j) {
  %1 = getelementptr i8, ptr %p, i64 %i
  %2 = getelementptr inbounds %struct.V, ptr %p, i64 %i, i32 1, i64 1, i32 0
  %3 = getelementptr nusw i32, ptr %p, i32 %j
  %4 = getelementptr nuw i32, ptr %p, i64 4
  %5 = getelementptr nusw nuw i32, ptr %p, i64 4
  %6 = getelementptr inbounds nuw [10 x i8], ptr %p, i64 0, i64 %i
  %7 = getelementptr i32, <4 x ptr> %vp, <4 x i64> %vi
  %8 = getelementptr i32, ptr %p, <4 x i64> %vi
  %9 = getelementptr i32, <4 x ptr> %vp, i64 1
  %10 = getelementptr inbounds %struct.V, <4 x ptr> %vp, <4 x i64> zeroinitializer, <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i64> %vi
  %11 = getelementptr %struct.V, ptr %p, <4 x i64> %vi, i32 0
  %12 = getelementptr i8, ptr %p, i128 1
  %13 = getelementptr {}, ptr %p, i64 1
  %14 = getelementptr [0 x i32], ptr %p, i64 0, i64 %i
  %15 = getelementptr i8, <vscale x 2 x ptr> zeroinitializer, <vscale x 2 x i64> zeroinitializer
  %16 = getelementptr %struct.V, ptr %p, i64 0, i32 1, i64 0, <4 x i32> <i32 0, i32 1, i32 0, i32 1>
  ret void
}

declare i64 @llvm.vscale.i64()
