; LLVM: 19
; Memory instructions: alloca with counts, alignments and address spaces,
; volatile and atomic loads and stores with every ordering and sync scope,
; cmpxchg (weak, volatile, orderings, scopes), atomicrmw with every operation
; LLVM 19 knows, and fences.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128-A5"

define void @allocas(i32 %n) {
  %a = alloca i32, align 4
  %b = alloca i64, i32 4
  %c = alloca [8 x i8], i64 2, align 16
  %d = alloca ptr, i32 %n, align 8
  %e = alloca i8, align 1, addrspace(5)
  %f = alloca <vscale x 4 x i32>
  %g = alloca { i32, [0 x i8] }, align 4, addrspace(5)
  %h = alloca inalloca i32, align 4
  %i = alloca i32, i32 2, addrspace(5)
  ret void
}

define void @loads_stores(ptr %p, ptr addrspace(1) %g) {
  %1 = load i32, ptr %p
  %2 = load i32, ptr %p, align 4
  %3 = load volatile i32, ptr %p, align 4
  %4 = load atomic i32, ptr %p unordered, align 4
  %5 = load atomic i32, ptr %p monotonic, align 4
  %6 = load atomic i32, ptr %p acquire, align 4
  %7 = load atomic i32, ptr %p seq_cst, align 4
  %8 = load atomic volatile i32, ptr %p syncscope("singlethread") acquire, align 4
  %9 = load atomic i64, ptr addrspace(1) %g syncscope("agent") seq_cst, align 8
  %10 = load atomic ptr, ptr %p syncscope("workgroup-one-as") monotonic, align 8
  %11 = load atomic float, ptr %p acquire, align 4
  %12 = load <2 x i16>, ptr addrspace(1) %g, align 1
  store i32 1, ptr %p
  store i32 2, ptr %p, align 4
  store volatile i32 3, ptr %p, align 4
  store atomic i32 4, ptr %p unordered, align 4
  store atomic i32 5, ptr %p monotonic, align 4
  store atomic i32 6, ptr %p release, align 4
  store atomic i32 7, ptr %p seq_cst, align 4
  store atomic volatile i32 8, ptr %p syncscope("singlethread") release, align 4
  store atomic double 1.0, ptr addrspace(1) %g syncscope("agent") seq_cst, align 8
  store atomic ptr null, ptr %p syncscope("") monotonic, align 8
  store volatile <2 x i16> <i16 1, i16 2>, ptr addrspace(1) %g, align 2
  ret void
}

define void @cmpxchgs(ptr %p, i32 %a, i32 %b, ptr %q) {
  %1 = cmpxchg ptr %p, i32 %a, i32 %b seq_cst seq_cst
  %2 = cmpxchg weak ptr %p, i32 %a, i32 %b acquire monotonic
  %3 = cmpxchg volatile ptr %p, i32 %a, i32 %b acq_rel acquire, align 4
  %4 = cmpxchg weak volatile ptr %p, i32 %a, i32 %b syncscope("singlethread") release monotonic, align 8
  %5 = cmpxchg ptr %p, ptr null, ptr %q monotonic monotonic, align 8
  %6 = cmpxchg ptr %p, i128 0, i128 1 seq_cst acquire, align 16
  %v = extractvalue { i32, i1 } %1, 0
  %ok = extractvalue { i32, i1 } %2, 1
  ret void
}

define void @rmws(ptr %p, i32 %v, float %f, ptr addrspace(3) %l) {
  %1 = atomicrmw xchg ptr %p, i32 %v seq_cst
  %2 = atomicrmw add ptr %p, i32 %v monotonic, align 4
  %3 = atomicrmw sub ptr %p, i32 %v acquire, align 4
  %4 = atomicrmw and ptr %p, i32 %v release, align 4
  %5 = atomicrmw nand ptr %p, i32 %v acq_rel, align 4
  %6 = atomicrmw or ptr %p, i32 %v seq_cst, align 4
  %7 = atomicrmw xor ptr %p, i32 %v seq_cst, align 4
  %8 = atomicrmw max ptr %p, i32 %v seq_cst, align 4
  %9 = atomicrmw min ptr %p, i32 %v seq_cst, align 4
  %10 = atomicrmw umax ptr %p, i32 %v seq_cst, align 4
  %11 = atomicrmw umin ptr %p, i32 %v seq_cst, align 4
  %12 = atomicrmw fadd ptr %p, float %f seq_cst, align 4
  %13 = atomicrmw fsub ptr %p, float %f seq_cst, align 4
  %14 = atomicrmw fmax ptr %p, float %f seq_cst, align 4
  %15 = atomicrmw fmin ptr %p, float %f seq_cst, align 4
  %16 = atomicrmw uinc_wrap ptr %p, i32 %v seq_cst, align 4
  %17 = atomicrmw udec_wrap ptr %p, i32 %v seq_cst, align 4
  %18 = atomicrmw volatile add ptr %p, i32 %v syncscope("agent") monotonic, align 4
  %19 = atomicrmw xchg ptr %p, ptr null seq_cst, align 8
  %20 = atomicrmw xchg ptr %p, float %f seq_cst, align 4
  %21 = atomicrmw fadd ptr addrspace(3) %l, <2 x half> <half 0xH3C00, half 0xH3C00> syncscope("workgroup") monotonic, align 4
  %22 = atomicrmw add ptr addrspace(3) %l, i64 1 seq_cst, align 8
  %23 = atomicrmw fadd ptr %p, double 1.0 monotonic, align 8
  %24 = atomicrmw fadd ptr %p, bfloat 0xR3F80 monotonic, align 2
  ret void
}

define void @fences() {
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  fence syncscope("agent") acquire
  ret void
}
