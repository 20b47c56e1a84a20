; LLVM: 19
; Identifiers of every shape: quoted global, local, block, type and comdat
; names with escapes, spaces and UTF-8; names that look like numbers or
; keywords; dots, dashes and dollars; numbered globals and types; c-strings
; and metadata strings with escapes.

%"struct.with space" = type { i32 }
%"escaped\22quote" = type { i8 }
%0 = type { i16 }
%1 = type { %0, ptr }
%struct.a.b-c$d = type { float }
%"utf8.é" = type { i64 }
%-dash = type { i8 }

$"comdat with space" = comdat any

@0 = global i32 0
@1 = private global %0 zeroinitializer
@"2" = global i32 2
@"global with space" = global %"struct.with space" zeroinitializer, comdat($"comdat with space")
@"esc\22aped\5Cname" = global i32 1
@"tab\09name" = global i32 2
@"utf8-ünïcödé" = global %"utf8.é" zeroinitializer
@"日本語" = global i32 4
@.dotted = global i32 5
@-dashed = global i32 6
@$dollar = global i32 7
@a.b.c.1 = global i32 8
@"not-needing-quotes" = global i32 9
@define = global i32 10
@i32 = global i32 11
@_ = global %struct.a.b-c$d zeroinitializer
@ptrs = global [3 x ptr] [ptr @0, ptr @"2", ptr @"日本語"]
@str.all = constant [8 x i8] c"\00\01\1F \22\5C\7F\FF"
@str.lower = constant [2 x i8] c"\ab\cd"
@weird.types = global %"escaped\22quote" zeroinitializer
@dash.type = global %-dash zeroinitializer
@anon = global %1 zeroinitializer

define i32 @"function with spaces"(i32 %"arg one", i32 %"0x") {
"entry point":
  %"sum:" = add i32 %"arg one", %"0x"
  %"a\22b" = add i32 %"sum:", 1
  %"ü" = mul i32 %"a\22b", 2
  %-neg = sub i32 %"ü", 1
  %$dol = add i32 %-neg, 0
  %.dot = add i32 %$dol, 0
  %v1.5 = add i32 %.dot, 0
  br label %"block two:"

"block two:":
  %"%percent" = add i32 %v1.5, 0
  br label %"3"

"3":
  br label %next.block-1

next.block-1:
  br label %"ブロック"

"ブロック":
  ret i32 %"%percent"
}
