; LLVM: 14
; Calls with explicit function types, calls through struct-returning
; function pointers.
declare void @f(i32)
declare { i32, i8* } @g()
define void @calls({ i32, i32 } (i32)* %fp) {
  call void (i32) @f(i32 1)
  %a = call { i32, i32 } %fp(i32 1)
  %c = call { i32, i8* } @g()
  %d = extractvalue { i32, i8* } %c, 1
  ret void
}
