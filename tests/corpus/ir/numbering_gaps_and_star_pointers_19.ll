; LLVM: 19
; LLVM 19 lets numbered labels skip numbers; a blockaddress of such a block
; must follow the block through renumbering.  And in a module with `ptr`,
; the old spelling `i32*` still reads as `ptr`.

@target = global ptr blockaddress(@jump, %4)
@table = global [3 x ptr] [ptr @jump, ptr blockaddress(@jump, %4), ptr blockaddress(@jump, %4)]

define ptr @jump(ptr %p) {
entry:
  %v = load i32, i32* %p
  br label %4

4:
  ret ptr blockaddress(@jump, %4)
}
