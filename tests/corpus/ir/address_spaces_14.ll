; LLVM: 14
; The typed-pointer twin of address_spaces_19.ll.

@bytes = addrspace(1) global [4 x i8] zeroinitializer
@word = addrspace(1) global i32 0
@into_bytes = alias i8, getelementptr ([4 x i8], [4 x i8] addrspace(1)* @bytes, i64 0, i64 1)
@word_alias = alias i32, i32 addrspace(1)* @word

define void @in_space_1() addrspace(1) {
  ret void
}

define void @uses(void () addrspace(1)** %p, void () addrspace(1)* %fp) {
  store void () addrspace(1)* @in_space_1, void () addrspace(1)** %p
  store i32 0, i32 addrspace(1)* @word_alias
  call addrspace(1) void %fp()
  ret void
}
