; LLVM: 19
; Metadata written by hand: nodes spread over several lines with comments
; between fields, tuples nested deeply, attachments with inline nodes, and a
; ThinLTO summary at the end (which opt -S drops).

source_filename = "layout.c"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %x) !dbg !3 {
entry:
  %y = add i32 %x, 1, !dbg !DILocation(line: 2, column: 3, scope: !3)
  %z = mul i32 %y, %y, !range.like !{!{!{i32 0}}}, !dbg !6
  ret i32 %z, !dbg !6
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5, !7}

!0 = distinct !DICompileUnit(language: DW_LANG_C99,   ; the language
                             file: !1,
                             producer: "hand (written)",
                             isOptimized: false,
                             emissionKind: FullDebug)
!1 = !DIFile(
  filename: "layout.c",
  directory: "/tmp"
)
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1,
                            type: !DISubroutineType(types: !{null}),
                            spFlags: DISPFlagDefinition, unit: !0)
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !DILocation(line: 3, scope: !3)
!7 = !{
  i32 1,             ; behavior
  !"deep",           ; key
  !{!{!{!{!{!{!"six levels"}}}}}}
}
!8 = !{!"semicolon ; inside a string", !"paren ( inside", !"brace } inside"}

^0 = module: (path: "layout.o", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "f", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 3, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 0, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0)))) ; guid = 14740650423002898831
^2 = flags: 8
^3 = blockcount: 1
