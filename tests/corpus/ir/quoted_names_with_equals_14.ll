; LLVM: 14
; The typed-pointer twin of quoted_names_with_equals_19.ll.
%"T=1" = type { i32, %"T = 2"* }
%"T = 2" = type { double }

@g = global %"T=1" zeroinitializer

define i32 @f(i32 %a, %"T=1"* %p) {
"entry=0":
  %"x=y" = add i32 %a, 1
  %"unused = z" = mul i32 %a, 3
  %"q=" = getelementptr %"T=1", %"T=1"* %p, i64 0, i32 0
  %" = " = load i32, i32* %"q="
  br label %"next="

"next=":
  ret i32 %" = "
}
