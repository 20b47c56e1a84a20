; LLVM: none
; Syntax newer than LLVM 19 (LLVM 20/21) that the grammar accepts anyway; no
; llvm-as on this machine understands it, so it is only checked by the grammar.

define void @newer(ptr %p, i32 %a, i32 %b) {
  %c = icmp samesign ult i32 %a, %b
  %r0 = atomicrmw usub_cond ptr %p, i32 1 seq_cst, align 4
  %r1 = atomicrmw usub_sat ptr %p, i32 1 seq_cst, align 4
  %r2 = atomicrmw fmaximum ptr %p, float 1.0 seq_cst, align 4
  %r3 = atomicrmw fminimum ptr %p, float 1.0 seq_cst, align 4
  call void @captures(ptr captures(none) %p, ptr captures(address, read_provenance) %p)
  ret void
}

declare void @captures(ptr captures(none), ptr captures(ret: address, provenance))
declare noext void @noext_ret(i32 noext)
