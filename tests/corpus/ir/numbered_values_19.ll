; LLVM: 19
; Numbered globals, functions, arguments and blocks (including an explicit
; "0:" entry label), aggregate returns, and blocks named like keywords.
@0 = global i32 1
@1 = global ptr @0
define void @2(i32, i32) {
  %3 = add i32 %0, %1
  br label %4
4:
  ret void
}
define void @3() {
0:
  %1 = call i32 @4()
  br label %2
2:
  ret void
}
declare i32 @4()
define { i32, i32 } @agg() {
  %a = insertvalue { i32, { i8, i8 } } undef, i8 3, 1, 0
  %b = alloca i32, addrspace(5)
  ret { i32, i32 } { i32 1, i32 2 }
}
define void @kw_names(i32 %a0, i32 %a1) {
x:
  %add = add i32 %a0, %a1
  br label %to
to:
  br label %label
label:
  br label %"x.y"
"x.y":
  br label %ptr
ptr:
  ret void
}
