; LLVM: 19
; Debug records (the non-intrinsic debug-info format that LLVM 19 prints):
; #dbg_value, #dbg_declare, #dbg_assign, #dbg_label, with DIArgList, poison
; and empty locations.

target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %a, i32 %b, ptr %p) !dbg !5 {
entry:
    #dbg_value(i32 %a, !10, !DIExpression(), !13)
    #dbg_value(i32 %b, !11, !DIExpression(DW_OP_LLVM_fragment, 0, 16), !13)
  %s = alloca i32, align 4, !DIAssignID !15
    #dbg_assign(i1 undef, !12, !DIExpression(), !15, ptr %s, !DIExpression(), !13)
    #dbg_declare(ptr %p, !12, !DIExpression(DW_OP_deref), !13)
  %sum = add i32 %a, %b, !dbg !13
    #dbg_value(!DIArgList(i32 %a, i32 %b), !12, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !13)
    #dbg_value(i32 poison, !10, !DIExpression(), !13)
    #dbg_value(ptr null, !12, !DIExpression(), !13)
  store i32 %sum, ptr %s, align 4, !DIAssignID !16
    #dbg_assign(i32 %sum, !12, !DIExpression(), !16, ptr %s, !DIExpression(), !13)
    #dbg_label(!14, !13)
  ret i32 %sum, !dbg !13
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4, !17}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "records.c", directory: "/tmp")
!2 = !{}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !9)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !8, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !{!10, !11, !12}
!10 = !DILocalVariable(name: "a", arg: 1, scope: !5, file: !1, line: 1, type: !8)
!11 = !DILocalVariable(name: "b", arg: 2, scope: !5, file: !1, line: 1, type: !8)
!12 = !DILocalVariable(name: "s", scope: !5, file: !1, line: 2, type: !8)
!13 = !DILocation(line: 2, column: 3, scope: !5)
!14 = !DILabel(scope: !5, name: "here", file: !1, line: 3)
!15 = distinct !DIAssignID()
!16 = distinct !DIAssignID()
!17 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
