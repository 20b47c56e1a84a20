; LLVM: 19
; Names that are keywords elsewhere (true, cleanup, catch, within, unwind,
; caller, none) as block labels; semicolons and quotes inside strings, asm
; and comments; metadata kinds with dots and dashes.
source_filename = "semi;colon \22quoted\22.c"
module asm "nop ; comment in asm"
@s = constant [4 x i8] c"a;b\00" ; comment with "quote
define void @f() {
true:
  br label %cleanup
cleanup:
  br label %catch
catch:
  br label %within
within:
  br label %unwind
unwind:
  br label %caller
caller:
  br label %none
none:
  ret void
}
define void @g(ptr %p) {
  %v = load i32, ptr %p, !my.kind-1 !0
  ret void
}
!0 = !{}
