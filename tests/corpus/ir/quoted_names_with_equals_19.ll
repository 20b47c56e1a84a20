; LLVM: 19
; Quoted names may contain `=`: the definition `%"x=y" = ...` must keep the
; whole name (only the last `=` separates it from the instruction).
%"T=1" = type { i32, %"T = 2" }
%"T = 2" = type { double }

@g = global %"T=1" zeroinitializer

define i32 @f(i32 %a) {
"entry=0":
  %"x=y" = add i32 %a, 1
  %"unused = z" = mul i32 %a, 3
  %" = " = sub i32 %"x=y", 2
  br label %"next="

"next=":
  ret i32 %" = "
}
