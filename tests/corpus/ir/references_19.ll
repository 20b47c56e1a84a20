; LLVM: 19
; References to quoted names (blockaddress, dso_local_equivalent, no_cfi,
; metadata), numbering with gaps, interleaved attributes on headers,
; invoke with every optional part, empty arrays and c"".
@t = global [2 x ptr] [ptr blockaddress(@"fn with space", %"block one"), ptr blockaddress(@"fn with space", %"2")]
@e = global ptr dso_local_equivalent @"quoted decl"
@n = global ptr no_cfi @"quoted decl"
@z = global [0 x i8] c""
@m = global x86_mmx undef
@pn = global ptr addrspace(1) null
define void @"fn with space"(i1 %c) {
entry:
  br i1 %c, label %"block one", label %"2"
"block one":
  ret void
"2":
  ret void
}
declare void @"quoted decl"()
!0 = !{!"str", i32 1, float 1.0, ptr @"quoted decl", ptr null, i1 true, <2 x i32> <i32 1, i32 2>, [2 x i8] c"ab"}
!n = !{!0}
@x = external global i32, !type !1
@arr = global [0 x i32] []
@s = global { [0 x i8] } zeroinitializer
@i8w = global i8 255
define void @interleaved() nounwind #0 memory(read) "k"="v" #1 cold {
  ret void
}
declare void @decl.section() section "sec" align 8
define void @inv(ptr %p) personality ptr @pers {
  %r = invoke fastcc noalias ptr @callee(ptr nonnull %p) #0 [ "deopt"(i32 1) ]
          to label %ok unwind label %bad
ok:
  ret void
bad:
  %l = landingpad { ptr, i32 } catch ptr null
  ret void
}
declare fastcc ptr @callee(ptr)
declare i32 @pers(...)
attributes #0 = { nounwind }
attributes #1 = { "a"="b" }
!1 = !{i64 0, !"t"}
@5 = global i32 0
@7 = global i32 1
define i32 @f(i32 %0) {
  %3 = add i32 %0, 1
  br label %10
10:
  %12 = add i32 %3, 2
  ret i32 %12
}
