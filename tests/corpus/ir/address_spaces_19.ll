; LLVM: 19
; Functions, aliases and calls outside address space 0 (AMDGPU, AVR and
; Harvard-architecture targets): each global value's pointer type carries
; its address space, and so does a call's callee.

@bytes = addrspace(1) global [4 x i8] zeroinitializer
@word = addrspace(1) global i32 0
@into_bytes = alias i8, getelementptr (i8, ptr addrspace(1) @bytes, i64 1)
@word_alias = alias i32, ptr addrspace(1) @word
@table = global { ptr addrspace(1) } { ptr addrspace(1) @in_space_1 }

define void @in_space_1() addrspace(1) {
  ret void
}

define void @uses(ptr %p, ptr addrspace(1) %fp) {
  store ptr addrspace(1) @in_space_1, ptr %p
  store i32 0, ptr addrspace(1) @word_alias
  call addrspace(1) void %fp()
  call addrspace(1) void @in_space_1()
  ret void
}
