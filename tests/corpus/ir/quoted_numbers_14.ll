; LLVM: 14
; The typed-pointer twin of quoted_numbers_19.ll.

%"0" = type { i8 }
%0 = type { i16 }

@"0" = global i32 2
@0 = global i32 3
@c = global %0 zeroinitializer
@p = global %"0"* null

define i32 @f(i32 %"0", i32) {
  %"1" = add i32 %"0", 1
  %2 = add i32 %"1", %0
  br label %"7"

"7":
  ret i32 %2
}
