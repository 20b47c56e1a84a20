; LLVM: 14
; Typed-pointer globals: pointers to pointers in several address spaces,
; function pointers, aliases and ifuncs with typed aliasees, TLS, comdats and
; sections, all the constant expressions an LLVM 14 initializer may hold.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$grp = comdat any
$grp.large = comdat largest

%pair = type { i32, i32 }
%node = type { %node*, i8 addrspace(1)*, [2 x %pair] }
%fnrec = type { void (i8*)*, i32 (i32, ...)* }
%opaque.t = type opaque

@i8g = global i8 7
@pp = global i8** null
@ppp = internal global i8*** null, align 8
@as1 = addrspace(1) global i8 0
@as1.ptr = global i8 addrspace(1)* @as1
@as2.of.as1 = addrspace(2) global i8 addrspace(1)* addrspace(2)* null
@as.arr = global [2 x i8 addrspace(1)*] [i8 addrspace(1)* @as1, i8 addrspace(1)* null]
@fnp = global void (i8*)* @sink
@fnp2 = global void (i8*)** @fnp
@rec = global %fnrec { void (i8*)* @sink, i32 (i32, ...)* null }
@list = global %node { %node* @list, i8 addrspace(1)* @as1, [2 x %pair] [%pair { i32 1, i32 2 }, %pair zeroinitializer] }
@vecp = global <2 x i8*> <i8* @i8g, i8* null>
@ext.opaque = external global %opaque.t
@ext.opaque.p = global %opaque.t* @ext.opaque

@tls = thread_local(initialexec) global i32* null, align 8
@hid = hidden unnamed_addr constant [2 x i16] [i16 1, i16 -1], section ".rodata.hid", align 2
@cd = linkonce_odr global i32 1, comdat($grp)
@grp = linkonce_odr global i32 2, comdat
@cd.l = weak global i64 0, comdat($grp.large), align 8
@grp.large = weak global [2 x i64] zeroinitializer, comdat, align 16
@dll = dllexport global i32 3
@dlli = external dllimport global i32*

; constant expressions in typed-pointer syntax
@ce.bc = global i32* bitcast (i8* @i8g to i32*)
@ce.gep = global i8* getelementptr (i8, i8* @i8g, i64 3)
@ce.gep.ib = global i32* getelementptr inbounds (%node, %node* @list, i32 0, i32 2, i64 1, i32 1)
@ce.gep.arr = global i8 addrspace(1)** getelementptr ([2 x i8 addrspace(1)*], [2 x i8 addrspace(1)*]* @as.arr, i64 0, i64 1)
@ce.asc = global i8* addrspacecast (i8 addrspace(1)* @as1 to i8*)
@ce.p2i = global i64 ptrtoint (i8** getelementptr (i8*, i8** null, i64 1) to i64)
@ce.i2p = global %node* inttoptr (i64 64 to %node*)
@ce.sub = global i64 sub (i64 ptrtoint (i32* @cd to i64), i64 ptrtoint (i32* @grp to i64))
@ce.udiv = global i64 udiv (i64 ptrtoint (i8* @i8g to i64), i64 8)
@ce.sdiv = global i64 sdiv exact (i64 ptrtoint (i8* @i8g to i64), i64 4)
@ce.urem = global i64 urem (i64 ptrtoint (i8* @i8g to i64), i64 16)
@ce.srem = global i64 srem (i64 ptrtoint (i8* @i8g to i64), i64 16)
@ce.shl = global i64 shl nuw (i64 ptrtoint (i8* @i8g to i64), i64 1)
@ce.ashr = global i64 ashr exact (i64 ptrtoint (i8* @i8g to i64), i64 1)
@ce.or = global i64 or (i64 ptrtoint (i8* @i8g to i64), i64 1)
@ce.add = global i64 add nuw nsw (i64 ptrtoint (i8* @i8g to i64), i64 1)
@ce.fadd = global float fadd (float 1.0, float bitcast (i32 1 to float))
@ce.fneg = global double fneg (double bitcast (i64 1 to double))
@ce.sext = global i64 sext (i8 ptrtoint (i8* @i8g to i8) to i64)
@ce.fpext = global double fpext (float 0x3FB99999A0000000 to double)
@ce.sitofp = global float sitofp (i32 ptrtoint (i8* @i8g to i32) to float)
@ce.fptosi = global i32 fptosi (double 3.5 to i32)
@ce.uitofp = global double uitofp (i64 ptrtoint (i8* @i8g to i64) to double)
@ce.fptoui = global i8 fptoui (float 2.0 to i8)
@ce.icmp = global i1 icmp ult (i8* @i8g, i8* getelementptr (i8, i8* @i8g, i64 1))
@ce.fcmp = global i1 fcmp uno (double 0x7FF8000000000000, double 1.0)
@ce.select = global i32* select (i1 icmp eq (i32* @cd, i32* null), i32* @grp, i32* @cd)
@ce.ev = global i32 extractvalue (%pair { i32 5, i32 6 }, 1)
@ce.iv = global %pair insertvalue (%pair zeroinitializer, i32 ptrtoint (i8* @i8g to i32), 0)
@ce.vgep = global <2 x i8*> getelementptr (i8, <2 x i8*> <i8* @i8g, i8* @i8g>, <2 x i64> <i64 0, i64 1>)

; aliases and ifuncs with typed aliasees
@al = alias i8, i8* @i8g
@al.bc = alias i32, bitcast (i8* @i8g to i32*)
@al.bc.typed = alias i32, i32* bitcast (i8* @i8g to i32*)
@al.gep = internal alias i32, getelementptr inbounds (%node, %node* @list, i32 0, i32 2, i64 0, i32 0)
@al.as = alias i8, i8 addrspace(1)* @as1
@al.asc = hidden alias i8, addrspacecast (i8 addrspace(1)* @as1 to i8*)
@al.fn = alias void (i8*), void (i8*)* @sink
@ifn = ifunc void (i8*), void (i8*)* ()* @resolver
@ifn.weak = weak ifunc i32 (i32, ...), i32 (i32, ...)* ()* @resolver2

define void @sink(i8* %p) {
  ret void
}

define internal void (i8*)* @resolver() {
  ret void (i8*)* @sink
}

define internal i32 (i32, ...)* @resolver2() {
  ret i32 (i32, ...)* null
}
