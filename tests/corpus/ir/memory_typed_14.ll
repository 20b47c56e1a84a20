; LLVM: 14
; LLVM 14 memory instructions on typed pointers: loads and stores through
; pointers in other address spaces, atomics with sync scopes, cmpxchg and
; atomicrmw on typed pointers (pointer xchg, fadd/fsub), GEPs and allocas.

target datalayout = "e-m:e-p:64:64-p1:64:64-p3:32:32-i64:64-n8:16:32:64-S128-A5"

%struct.T = type { i32, [4 x i16], %struct.T* }

define void @typed_memory(i32* %p, i8 addrspace(1)* %g, float addrspace(3)* %l, %struct.T* %t, i8** %pp) {
  %a = alloca %struct.T, align 8
  %b = alloca i32, i64 3, align 4, addrspace(5)
  %c = alloca i8*, align 8
  %v = load i32, i32* %p, align 4
  %vv = load volatile i8, i8 addrspace(1)* %g, align 1
  %at = load atomic i32, i32* %p syncscope("singlethread") acquire, align 4
  %af = load atomic volatile float, float addrspace(3)* %l seq_cst, align 4
  store i32 %v, i32* %p, align 4
  store volatile i8 %vv, i8 addrspace(1)* %g
  store atomic i32 0, i32* %p release, align 4
  store atomic volatile float 1.0, float addrspace(3)* %l syncscope("agent") seq_cst, align 4
  store i8* null, i8** %c, align 8
  store i32 7, i32 addrspace(5)* %b, align 4
  %f = getelementptr %struct.T, %struct.T* %t, i64 1
  %g1 = getelementptr inbounds %struct.T, %struct.T* %t, i32 0, i32 1, i64 2
  %g2 = getelementptr inbounds %struct.T, %struct.T* %t, i64 0, i32 2
  %next = load %struct.T*, %struct.T** %g2, align 8
  %g3 = getelementptr i8, i8 addrspace(1)* %g, i64 -1
  %g4 = getelementptr float, float addrspace(3)* %l, i32 4
  %vg = getelementptr i32, i32* %p, <2 x i64> <i64 0, i64 1>
  %vg2 = getelementptr %struct.T, <2 x %struct.T*> zeroinitializer, <2 x i64> zeroinitializer, <2 x i32> <i32 1, i32 1>, i64 0
  %x1 = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst, align 4
  %vp = addrspacecast i8 addrspace(1)* %g to i8*
  %x2 = cmpxchg weak volatile i8** %pp, i8* null, i8* %vp syncscope("singlethread") acq_rel monotonic, align 8
  %r1 = atomicrmw add i32* %p, i32 1 seq_cst, align 4
  %r2 = atomicrmw volatile xchg i32* %p, i32 5 acquire, align 4
  %r3 = atomicrmw fadd float addrspace(3)* %l, float 1.0 syncscope("workgroup") monotonic, align 4
  %r4 = atomicrmw fsub float addrspace(3)* %l, float 1.0 seq_cst, align 4
  %r5 = atomicrmw umin i32* %p, i32 3 release, align 4
  %r6 = atomicrmw nand i32* %p, i32 3 acq_rel
  fence syncscope("singlethread") acquire
  fence seq_cst
  ret void
}

define i8* @returns_vv(i8 addrspace(1)* %g) {
  %vv.p = addrspacecast i8 addrspace(1)* %g to i8*
  ret i8* %vv.p
}
