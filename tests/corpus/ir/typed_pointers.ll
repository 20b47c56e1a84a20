; LLVM: 14
; Typed-pointer IR as LLVM 14 writes it: pointer types of every shape,
; constant expressions (including the ones later LLVMs removed), byval/sret
; with types, inrange GEP indices, blockaddress, typed varargs calls.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, double, %struct.S* }
%struct.V = type { i32 (...)** }
%union.U = type { [2 x i32] }
%"class.ns::T" = type { i8 }
%struct.Opaque = type opaque

@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@gp = global i8* null, align 8
@gpp = global i8** @gp, align 8
@fnptr = global void (i32)* @takes_int, align 8
@fnptr_va = global i32 (i8*, ...)* @printf
@arrp = global [4 x i32]* null
@as1 = addrspace(1) global i32 7, align 4
@as1_ptr = global i32 addrspace(1)* @as1, align 8
@as1_pp = global i8 addrspace(1)* addrspace(2)* null
@strp = global i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), align 8
@bc = global i32* bitcast (i8** @gp to i32*)
@p2i = global i64 ptrtoint (i8** @gp to i64)
@i2p = global i8* inttoptr (i64 4096 to i8*)
@asc = global i32* addrspacecast (i32 addrspace(1)* @as1 to i32*)
@sum = global i64 add (i64 ptrtoint (i8** @gp to i64), i64 8)
@diff = global i64 sub (i64 ptrtoint (i8*** @gpp to i64), i64 ptrtoint (i8** @gp to i64))
@prod = global i64 mul nsw (i64 ptrtoint (i8** @gp to i64), i64 2)
@xored = global i64 xor (i64 ptrtoint (i8** @gp to i64), i64 -1)
@anded = global i64 and (i64 ptrtoint (i8** @gp to i64), i64 -16)
@shifted = global i64 lshr (i64 ptrtoint (i8** @gp to i64), i64 3)
@cmp = global i1 icmp eq (i8** @gp, i8** null)
@fcmp = global i1 fcmp olt (double 1.0, double 2.0)
@sel = global i8* select (i1 icmp ne (i8** @gp, i8** null), i8* null, i8* bitcast (i8** @gp to i8*))
@trunc = global i32 trunc (i64 ptrtoint (i8** @gp to i64) to i32)
@zext = global i64 zext (i32 ptrtoint (i8** @gp to i32) to i64)
@fpconv = global float fptrunc (double 1.5 to float)
@ee = global i32 extractelement (<2 x i32> <i32 1, i32 2>, i32 1)
@ie = global <2 x i32> insertelement (<2 x i32> zeroinitializer, i32 ptrtoint (i8** @gp to i32), i32 0)
@sv = global <2 x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> undef, <2 x i32> <i32 1, i32 0>)
@vtable = constant { [4 x i8*] } { [4 x i8*] [i8* null, i8* null, i8* bitcast (void (%struct.V*)* @vfn to i8*), i8* null] }, align 8
@vtptr = global i8** getelementptr inbounds ({ [4 x i8*] }, { [4 x i8*] }* @vtable, i32 0, inrange i32 0, i32 2)
@nested = global %struct.S { i32 1, double 2.000000e+00, %struct.S* @nested }
@arr2 = global [2 x [2 x i16]] [[2 x i16] [i16 1, i16 2], [2 x i16] zeroinitializer]
@packed = global <{ i8, i32 }> <{ i8 1, i32 2 }>
@ba = global i8* blockaddress(@labels, %target)
@ext_opaque = external global %struct.Opaque
@fn_as_data = global i8* bitcast (i32 (i8*, ...)* @printf to i8*)
@alias_typed = alias i32, i32* getelementptr (i32, i32* bitcast (i8** @gp to i32*), i64 1)
@alias_untyped_gep = alias i8, getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 1)
@alias_untyped_cast = alias i32, bitcast (i8** @gp to i32*)

declare i32 @printf(i8* nocapture noundef readonly, ...)
declare void @takes_int(i32)
declare void @vfn(%struct.V*)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @byval_sret(%struct.S* noalias sret(%struct.S) align 8, %struct.S* byval(%struct.S) align 8, %union.U* byref(%union.U))
declare i8* @llvm.stacksave()
declare void @llvm.stackrestore(i8*)
declare i32 @unprototyped(...)

define dso_local void @pointers(i8* %p, i32* noundef nonnull align 4 dereferenceable(8) %q, %struct.S* %s, i8** %pp, void (i32)* %fp, i32 addrspace(1)* %ap, [4 x i32]* %arr, <4 x i32*> %vp) {
entry:
  %tmp = alloca %struct.S, align 8
  %ptrs = alloca [4 x i8*], align 16
  %0 = bitcast i8* %p to i32*
  %1 = load i32, i32* %0, align 4
  %2 = getelementptr inbounds %struct.S, %struct.S* %s, i64 0, i32 2
  %3 = load %struct.S*, %struct.S** %2, align 8
  %4 = load i8*, i8** %pp, align 8
  call void %fp(i32 %1)
  %5 = load i32, i32 addrspace(1)* %ap, align 4
  %6 = addrspacecast i32 addrspace(1)* %ap to i32*
  %7 = getelementptr inbounds [4 x i32], [4 x i32]* %arr, i64 0, i64 3
  %8 = getelementptr i32, <4 x i32*> %vp, <4 x i64> <i64 0, i64 1, i64 2, i64 3>
  %9 = bitcast %struct.S* %tmp to i8*
  %10 = bitcast %struct.S* %s to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 8 %9, i8* align 8 %10, i64 24, i1 false)
  call void @byval_sret(%struct.S* sret(%struct.S) align 8 %tmp, %struct.S* byval(%struct.S) align 8 %s, %union.U* byref(%union.U) null)
  %11 = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 %1)
  %12 = call i32 bitcast (i32 (...)* @unprototyped to i32 (i32, double)*)(i32 1, double 2.0)
  %13 = call i8* @llvm.stacksave()
  call void @llvm.stackrestore(i8* %13)
  %14 = ptrtoint i8* %p to i64
  %15 = inttoptr i64 %14 to %struct.S**
  store %struct.S* %s, %struct.S** %15, align 8
  %16 = cmpxchg i32* %q, i32 0, i32 1 seq_cst seq_cst
  %17 = atomicrmw add i32* %q, i32 1 monotonic
  %18 = load atomic i32, i32* %q acquire, align 4
  %19 = icmp eq i8* %p, null
  %20 = select i1 %19, i8* %4, i8* bitcast (i8** @gp to i8*)
  %21 = getelementptr inbounds [4 x i8*], [4 x i8*]* %ptrs, i64 0, i64 0
  store i8* %20, i8** %21, align 16
  %vt = bitcast %struct.S* %s to void (%struct.S*)***
  %vtl = load void (%struct.S*)**, void (%struct.S*)*** %vt, align 8
  %vfp = load void (%struct.S*)*, void (%struct.S*)** %vtl, align 8
  call void %vfp(%struct.S* %s)
  ret void
}

define i8* @labels(i1 %c) {
entry:
  br i1 %c, label %target, label %other

target:
  ret i8* blockaddress(@labels, %target)

other:
  %addr = select i1 %c, i8* blockaddress(@labels, %target), i8* blockaddress(@labels, %other)
  indirectbr i8* %addr, [label %target, label %other]
}

define void @dbg(i32* %x) !dbg !5 {
  call void @llvm.dbg.declare(metadata i32* %x, metadata !9, metadata !DIExpression()), !dbg !11
  ret void, !dbg !11
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "typed.c", directory: "/tmp")
!2 = !{}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "dbg", scope: !1, file: !1, line: 1, type: !6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!6 = !DISubroutineType(types: !7)
!7 = !{null, !8}
!8 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64)
!9 = !DILocalVariable(name: "x", arg: 1, scope: !5, file: !1, line: 1, type: !8)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DILocation(line: 1, column: 1, scope: !5)
