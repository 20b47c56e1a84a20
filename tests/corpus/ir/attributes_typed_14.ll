; LLVM: 14
; LLVM 14 attributes with typed pointers: byval/sret/inalloca/preallocated/
; byref/elementtype taking a pointee type, the old memory attributes
; (readnone, argmemonly, inaccessiblememonly), allocsize and vscale_range.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.A = type { i32, [3 x float] }
%struct.B = type <{ i8, %struct.A* }>

declare void @byval(%struct.A* byval(%struct.A) align 4)
declare void @sret(%struct.A* noalias nocapture sret(%struct.A) align 4)
declare void @inalloca(<{ %struct.A }>* inalloca(<{ %struct.A }>))
declare void @prealloc(%struct.B* preallocated(%struct.B))
declare void @byref(i32 addrspace(1)* byref(i32) align 4)
declare void @deref(i8* dereferenceable(12) nonnull, i8* dereferenceable_or_null(3), i64* align 8 noalias)
declare void @ints(i1 zeroext, i8 signext, i16 inreg, i32 noundef)
declare i8* @returned(i8* returned, i8** nocapture readonly, i8** nocapture writeonly)
declare void @swiftish(i8* swiftself, i8** swifterror, i8* swiftasync)
declare void @nest(i8* nest)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #0
declare i8* @llvm.preserve.struct.access.index.p0i8.p0s_struct.As(%struct.A*, i32 immarg, i32 immarg)
declare noalias i8* @malloc2(i64, i64) #1
declare void @argmem(i8*) #2
declare void @inacc() #3
declare void @inacc_or_arg(i8*) #4
declare void @vscale() #5
declare void @strs() #6
declare void @call_target(i8*)
declare dereferenceable(4) i32* @ret_deref()
declare nonnull align 16 %struct.A* @ret_aligned()
declare zeroext i1 @ret_zext()

define void @calls(%struct.A* %a, %struct.B* %b, i8* %p) {
  call void @byval(%struct.A* byval(%struct.A) align 4 %a)
  call void @sret(%struct.A* sret(%struct.A) align 4 %a)
  %t = call token @llvm.call.preallocated.setup(i32 1)
  %slot = call i8* @llvm.call.preallocated.arg(token %t, i32 0) preallocated(%struct.B)
  %bp = bitcast i8* %slot to %struct.B*
  call void @prealloc(%struct.B* preallocated(%struct.B) %bp) [ "preallocated"(token %t) ]
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %p, i8* align 4 %p, i64 16, i1 false)
  %f = call i8* @llvm.preserve.struct.access.index.p0i8.p0s_struct.As(%struct.A* elementtype(%struct.A) %a, i32 1, i32 1)
  %m = call noalias i8* @malloc2(i64 4, i64 2) #7
  call void @call_target(i8* nonnull %p) #8
  call void @call_target(i8* %p) readnone nounwind "x"="y"
  ret void
}

define void @inalloca_caller() {
  %mem = alloca inalloca <{ %struct.A }>, align 4
  call void @inalloca(<{ %struct.A }>* inalloca(<{ %struct.A }>) %mem)
  ret void
}

declare token @llvm.call.preallocated.setup(i32)
declare i8* @llvm.call.preallocated.arg(token, i32)

define internal fastcc i32 @def_attrs(i32* nocapture readonly align 4 dereferenceable(8) %p, i32 signext %n) unnamed_addr #9 {
  %v = load i32, i32* %p, align 4
  ret i32 %v
}

attributes #0 = { argmemonly nofree nounwind willreturn }
attributes #1 = { allocsize(0,1) inaccessiblememonly "alloc-family"="m" }
attributes #2 = { argmemonly readonly nounwind }
attributes #3 = { inaccessiblememonly writeonly }
attributes #4 = { inaccessiblemem_or_argmemonly }
attributes #5 = { vscale_range(1,16) }
attributes #6 = { "a" "b"="c" "d"="" }
attributes #7 = { allocsize(0) }
attributes #8 = { nobuiltin cold }
attributes #9 = { noinline nounwind optnone readnone speculatable uwtable mustprogress norecurse nosync nofree willreturn "frame-pointer"="all" "min-legal-vector-width"="0" }
