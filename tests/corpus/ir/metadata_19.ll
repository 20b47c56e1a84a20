; LLVM: 19
; Metadata: instruction attachments of the common kinds (tbaa, range,
; nonnull, prof, loop, alias.scope, noalias, fpmath, invariant.load,
; annotation, callees, srcloc, heapallocsite), attachments on globals and
; functions, distinct and uniqued nodes, strings with escapes, DI nodes of
; many kinds, debug records, DIArgList, named metadata in any order.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@gv = global i32 0, !dbg !40, !annotation !60
@gv2 = global [2 x i32] zeroinitializer, align 4, !type !61, !type !62, !absolute_symbol !63

define i32 @attachments(ptr %p, ptr %q, float %f, ptr %fp) !dbg !20 !prof !50 !section_prefix !64 {
entry:
  %a = load i32, ptr %p, align 4, !tbaa !10, !range !51, !noundef !52
  %b = load ptr, ptr %q, align 8, !nonnull !52, !dereferenceable !53, !align !53
  %c = load i32, ptr %b, align 4, !invariant.load !52, !alias.scope !55, !noalias !58
  store i32 %a, ptr %q, align 4, !tbaa !14, !nontemporal !65
  %d = fdiv float %f, 3.0, !fpmath !66
  call void %fp(), !callees !67, !srcloc !68
  %m = call ptr @malloc(i64 4), !heapallocsite !23
  %cmp = icmp sgt i32 %a, 0, !annotation !60
  br i1 %cmp, label %loop, label %exit, !prof !69

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %inc = add nuw nsw i32 %i, 1, !dbg !30
  %done = icmp eq i32 %inc, %c
  br i1 %done, label %exit, label %loop, !llvm.loop !70

exit:
  %r = phi i32 [ 0, %entry ], [ %inc, %loop ]
  ret i32 %r, !dbg !31
}

declare ptr @malloc(i64)

define void @debug_records(i32 %x, i32 %y) !dbg !24 {
entry:
    #dbg_value(i32 %x, !25, !DIExpression(), !32)
    #dbg_value(!DIArgList(i32 %x, i32 %y), !25, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !32)
  %s = alloca i32, align 4, !DIAssignID !33
    #dbg_declare(ptr %s, !26, !DIExpression(), !32)
    #dbg_assign(i32 %x, !26, !DIExpression(), !33, ptr %s, !DIExpression(), !32)
  store i32 %x, ptr %s, align 4, !DIAssignID !34
    #dbg_value(i32 poison, !25, !DIExpression(DW_OP_LLVM_fragment, 0, 16), !32)
    #dbg_label(!27, !32)
  ret void, !dbg !32
}

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.dbg.cu = !{!5}
!llvm.ident = !{!4}
; A metadata string may span lines, as LLVM's lexer reads to the closing quote.
!spanning = !{!900}
; Named metadata may hold a DIExpression inline.
!inline.expressions = !{!DIExpression(DW_OP_deref), !4, !DIExpression()}
!my.named = !{!60, !61, !52}
!escaped\2Dname = !{!52}

!0 = !{i32 7, !"Dwarf Version", i32 5}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 8, !"PIC Level", i32 2}
!4 = !{!"producer \22quoted\22 \5C backslash"}
!5 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !6, producer: "hand", isOptimized: true, flags: "-O2 -g", runtimeVersion: 0, splitDebugFilename: "a.dwo", emissionKind: FullDebug, enums: !7, retainedTypes: !7, globals: !8, imports: !7, macros: !80, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true, sysroot: "/", sdk: "sdk")
!6 = !DIFile(filename: "meta.cpp", directory: "/src", checksumkind: CSK_SHA256, checksum: "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae", source: "int x;")
!7 = !{}
!8 = !{!40}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{!15, !11, i64 4, i1 true}
!15 = !{!"S", !11, i64 0, !11, i64 4}
!20 = distinct !DISubprogram(name: "attachments", linkageName: "_Z11attachmentsPiS_f", scope: !6, file: !6, line: 10, type: !21, scopeLine: 11, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5, templateParams: !7, retainedNodes: !7, thrownTypes: !7)
!21 = !DISubroutineType(cc: DW_CC_normal, types: !22)
!22 = !{!23, !35}
!23 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!24 = distinct !DISubprogram(name: "debug_records", scope: !6, file: !6, line: 20, type: !21, spFlags: DISPFlagDefinition, unit: !5, retainedNodes: !7)
!25 = !DILocalVariable(name: "x", arg: 1, scope: !24, file: !6, line: 20, type: !23, flags: DIFlagArtificial | DIFlagObjectPointer, align: 32)
!26 = !DILocalVariable(name: "s", scope: !24, file: !6, line: 21, type: !23)
!27 = !DILabel(scope: !24, name: "here", file: !6, line: 22)
!30 = !DILocation(line: 12, column: 3, scope: !36)
!31 = !DILocation(line: 13, column: 1, scope: !20, inlinedAt: !37, isImplicitCode: true)
!32 = !DILocation(line: 21, scope: !24)
!33 = distinct !DIAssignID()
!34 = distinct !DIAssignID()
!35 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !23, size: 64, dwarfAddressSpace: 1)
!36 = distinct !DILexicalBlock(scope: !20, file: !6, line: 12, column: 2)
!37 = distinct !DILocation(line: 30, column: 7, scope: !38)
!38 = distinct !DILexicalBlockFile(scope: !36, file: !6, discriminator: 3)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression())
!41 = distinct !DIGlobalVariable(name: "gv", linkageName: "gv", scope: !42, file: !6, line: 1, type: !43, isLocal: false, isDefinition: true, align: 32, annotations: !44)
!42 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!43 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !23)
!44 = !{!45}
!45 = !{!"btf_decl_tag", !"tag1"}
!50 = !{!"function_entry_count", i64 100, !{i64 123456}}
!51 = !{i32 0, i32 10, i32 20, i32 30}
!52 = !{}
!53 = !{i64 8}
!54 = distinct !{!54, !"domain"}
!55 = !{!56}
!56 = distinct !{!56, !54, !"scope A"}
!57 = distinct !{!57, !54}
!58 = !{!57}
!60 = !{!"an annotation", !"another"}
!61 = !{i64 0, !"_ZTS1S"}
!62 = !{i64 8, !63}
!63 = !{i64 0, i64 256}
!64 = !{!"function_section_prefix", !"hot"}
!65 = !{i32 1}
!66 = !{float 2.5}
!67 = !{ptr @malloc, ptr @attachments}
!68 = !{i64 1000, i64 1020}
!69 = !{!"branch_weights", i32 2000, i32 1}
!70 = distinct !{!70, !71, !72, !73}
!71 = !{!"llvm.loop.mustprogress"}
!72 = !{!"llvm.loop.unroll.count", i32 4}
!73 = !{!"llvm.loop.vectorize.enable", i1 true}
!80 = !{!81, !82}
!81 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "FOO", value: "1")
!82 = !DIMacroFile(line: 0, file: !6, nodes: !83)
!83 = !{!84}
!84 = !DIMacro(type: DW_MACINFO_undef, line: 2, name: "BAR")
!90 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !6, line: 3, baseType: !23, size: 32, flags: DIFlagEnumClass, elements: !91, identifier: "_ZTS1E")
!91 = !{!92, !93}
!92 = !DIEnumerator(name: "A", value: 0)
!93 = !DIEnumerator(name: "B", value: 18446744073709551615, isUnsigned: true)
!94 = !DICompositeType(tag: DW_TAG_array_type, baseType: !23, size: 128, elements: !95)
!95 = !{!96, !97}
!96 = !DISubrange(count: 4)
!97 = !DISubrange(lowerBound: 1, upperBound: !DIExpression(DW_OP_constu, 3))
!98 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", apinotes: "m.apinotes")
!99 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !5, entity: !98, file: !6, line: 4, elements: !7)
!100 = !DIStringType(name: "character(*)", stringLength: !101, stringLengthExpression: !DIExpression(), size: 32)
!101 = !DILocalVariable(name: "len", scope: !24, file: !6, type: !23, flags: DIFlagArtificial)
!102 = !DICommonBlock(scope: !24, declaration: null, name: "blk", file: !6, line: 5)
!103 = !DIGenericSubrange(lowerBound: !DIExpression(DW_OP_constu, 1), count: !DIExpression(DW_OP_constu, 8))
!104 = !DIObjCProperty(name: "p", file: !6, line: 6, setter: "setP:", getter: "p", attributes: 2316, type: !23)
!105 = !DITemplateTypeParameter(name: "T", type: !23, defaulted: true)
!106 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "Ts", value: !7)
!107 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !90, file: !6, baseType: !23, size: 32, offset: 32, flags: DIFlagPrivate | DIFlagBitField, extraData: i64 0)
!108 = !DIBasicType(name: "unsigned __int128", size: 128, encoding: DW_ATE_unsigned, flags: DIFlagBigEndian)
!109 = !DIExpression(DW_OP_LLVM_entry_value, 1, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_stack_value)
!110 = !DILabel(scope: !24, name: "other", file: !6, line: 23)
!111 = distinct !{}
!112 = !{null, i32 -1, !"", !{}}
!113 = !{!114}
!114 = !{!115}
!115 = !{!"deep", !{!"deeper", !{!"deepest"}}}
!900 = !{!"first line
second line"}
