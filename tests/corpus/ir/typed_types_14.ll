; LLVM: 14
; Exotic typed-pointer types: pointers to functions returning function
; pointers, pointers in several address spaces at several levels, vectors of
; pointers, pointers to packed structs, arrays and vectors, pointer-typed
; parameters with attributes, and LLVM 14 flags (fast-math on calls, phis
; and selects; nuw/nsw/exact; inbounds GEPs with inrange).

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-i64:64-n8:16:32:64-S128"

%T = type { i32, %T*, %T addrspace(1)* }
%Fn = type i32 (i32)*
%packed = type <{ i8, i16 }>
%node = type { %node*, [0 x i8] }

@fp.ret.fp = global i32 (i32)* (i8*)* null
@fp.as = global void () addrspace(1)* null
@fp.pp = global void ()** null
@pp.as = global i8 addrspace(1)* addrspace(2)* null
@ppp = global i32*** null
@vec.ptrs = global <2 x i32*> zeroinitializer
@vec.fnptrs = global <2 x void ()*> <void ()* @nop, void ()* null>
@arr.ptr = global [4 x i8]* null
@vec.ptr = global <4 x float>* null
@packed.ptr = global <{ i8, i16 }>* null
@struct.ptr = global { i32, { i8*, double } }* null
@named.ptr = global %packed* null
@varfn = global i32 (i8*, ...)* null
@fn.of.struct = global { i32, i32 } ({ i8, i8 }*)* null
@self = global %T { i32 0, %T* @self, %T addrspace(1)* null }

define void @nop() {
  ret void
}

define i32 (i32)* @returns_fnptr(i32 (i32)* (i8*)* %f, i8* %arg) {
  %r = call i32 (i32)* %f(i8* %arg)
  ret i32 (i32)* %r
}

define void @deep_pointers(i32*** %p, i8 addrspace(1)* addrspace(2)* %q, <2 x i32*> %v) {
  %a = load i32**, i32*** %p, align 8
  %b = load i32*, i32** %a, align 8
  %c = load i32, i32* %b, align 4
  %d = load i8 addrspace(1)*, i8 addrspace(1)* addrspace(2)* %q, align 8
  %e = getelementptr i8, i8 addrspace(1)* %d, i64 1
  %f = extractelement <2 x i32*> %v, i32 0
  %g = getelementptr i32, <2 x i32*> %v, <2 x i64> <i64 1, i64 2>
  %h = ptrtoint <2 x i32*> %g to <2 x i64>
  %i = inttoptr <2 x i64> %h to <2 x i8*>
  %j = bitcast <2 x i8*> %i to <2 x i16*>
  %k = addrspacecast i8 addrspace(1)* %d to i8 addrspace(2)*
  %l = icmp eq <2 x i32*> %v, zeroinitializer
  ret void
}

define float @flags(float %x, float %y, i1 %c, i32 %n) {
entry:
  %s = select nnan i1 %c, float %x, float %y
  %m = call fast float @llvm.fmuladd.f32(float %s, float %x, float %y)
  %a = add nuw nsw i32 %n, 1
  %sh = shl nuw i32 %a, 2
  %dv = udiv exact i32 %sh, 4
  %ls = lshr exact i32 %dv, 1
  br label %next

next:
  %p = phi reassoc nsz float [ %m, %entry ]
  %q = fneg arcp float %p
  %r = fcmp reassoc oeq float %q, 0.0
  ret float %q
}

define %node* @packed_and_named(%packed* %p, %node* %n) {
  %f = getelementptr inbounds %packed, %packed* %p, i32 0, i32 1
  %v = load i16, i16* %f, align 1
  %nx = getelementptr %node, %node* %n, i32 0, i32 0
  %next = load %node*, %node** %nx
  %tail = getelementptr %node, %node* %n, i64 0, i32 1, i64 5
  ret %node* %next
}

declare float @llvm.fmuladd.f32(float, float, float)
