; LLVM: 19
; Module-level constructs: named types, comdats, globals with every kind of
; flag and option, aliases, ifuncs, module asm, attribute groups, named and
; numbered metadata, uselistorder directives.

source_filename = "module_level.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl asm_symbol"
module asm "asm_symbol: ret"

%struct.S = type { i32, double, ptr }
%struct.Packed = type <{ i8, i32, i16 }>
%struct.Opaque = type opaque
%"class.std::vector<int>" = type { ptr, ptr, ptr }
%0 = type { i64, i64 }
%struct.Nested = type { %struct.S, [4 x i8], <4 x float>, { i32, i8 }, <{ i8, i8 }> }
%struct.Vec = type { <vscale x 4 x i32> }
%struct.Empty = type {}

$comdat_any = comdat any
$comdat_exact = comdat exactmatch
$comdat_largest = comdat largest
$comdat_nodedup = comdat nodeduplicate
$comdat_same = comdat samesize
$"quoted comdat" = comdat any

@g_plain = global i32 0
@g_const = constant double 1.000000e+00, align 8
@g_private = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@g_internal = internal global i64 -42, section ".mysection", align 8
@g_weak = weak global i32 1, partition "part"
@g_weak_odr = weak_odr dso_local global i32 2, comdat($comdat_any)
@comdat_largest = linkonce_odr global i32 3, comdat
@g_linkonce = linkonce global i8 4
@g_common = common global i32 0, align 4
@g_appending = appending global [1 x ptr] [ptr @f]
@g_available = available_externally global i32 5
@g_extern = external global i32
@g_extern_weak = extern_weak global i32
@g_hidden = hidden global i32 0
@g_protected = protected global i32 0
@g_default = dso_local default global i32 0
@g_dllexport = dllexport global i32 0
@g_dllimport = external dllimport global i32
@g_tls = thread_local global i32 0
@g_tls_ld = thread_local(localdynamic) global i32 0
@g_tls_ie = internal thread_local(initialexec) global i32 0
@g_tls_le = thread_local(localexec) global i32 0
@g_unnamed = private unnamed_addr constant i32 7
@g_local_unnamed = local_unnamed_addr global i32 8
@g_as1 = addrspace(1) global i32 9
@g_ext_init = externally_initialized global i32 10
@g_preemptable = dso_preemptable global i32 11
@g_code_model = global i32 12, code_model "large"
@g_sanitize = global i32 13, no_sanitize_address, no_sanitize_hwaddress, sanitize_memtag
@g_dyninit = global i32 14, sanitize_address_dyninit
@g_md = global i32 15, align 4, !dbg !0, !type !16
@g_attrs = global i32 16 #0
@g_everything = weak_odr dso_local hidden thread_local(initialexec) unnamed_addr addrspace(3) global i32 17, section "s", align 16
@"g quoted name" = global i32 18
@"\01?x@@3HA" = global i32 19
@1 = global i32 20
@g_struct = global %struct.S { i32 1, double 2.500000e+00, ptr null }, align 8
@g_packed = global %struct.Packed <{ i8 1, i32 2, i16 3 }>
@g_zero = global %struct.Nested zeroinitializer
@g_undef = global i32 undef
@g_poison = global i32 poison
@g_opaque_ext = external global %struct.Opaque

@a_plain = alias i32, ptr @g_plain
@a_internal = internal alias i32, ptr @g_plain
@a_hidden = hidden alias i32, ptr @g_plain
@a_gep = alias i8, getelementptr (i8, ptr @g_private, i64 1)
@a_tls = thread_local alias i32, ptr @g_tls
@a_part = alias i32, ptr @g_plain, partition "p2"
@i_resolver_target = ifunc void (), ptr @resolver
@i_internal = internal ifunc i32 (i32), ptr @resolver

define internal ptr @resolver() {
  ret ptr @f
}

define void @f() {
  ret void
}

define i32 @uses(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = add i32 %x, 2
  %c = mul i32 %a, %b
  %d = add i32 %a, %c
  ret i32 %d
  uselistorder i32 %a, { 1, 0 }
}

define void @bb_target(i1 %c) {
entry:
  br i1 %c, label %target, label %other
target:
  ret void
other:
  ret void
}

@ba1 = global ptr blockaddress(@bb_target, %target)
@ba2 = global ptr blockaddress(@bb_target, %target)

uselistorder ptr @g_plain, { 3, 2, 1, 0 }
uselistorder_bb @bb_target, %target, { 1, 0 }

attributes #0 = { "bss-section"="mybss" }
attributes #1 = { noinline nounwind optnone uwtable "frame-pointer"="all" "target-cpu"="x86-64" }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite, inaccessiblemem: none) }
attributes #3 = { allocsize(0,1) allockind("alloc,zeroed") "alloc-family"="malloc" }
attributes #4 = { uwtable(sync) vscale_range(1,16) alignstack=16 }
attributes #5 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { "no-builtins" "key"="value with spaces" builtin }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!10, !11, !12}
!llvm.ident = !{!13}
!named.empty = !{}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g_md", scope: !2, file: !3, line: 3, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "module_level.c", directory: "/tmp", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!4 = !{!0}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 1, type: !7, scopeLine: 1, flags: DIFlagPrototyped | DIFlagArtificial, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !9)
!7 = !DISubroutineType(types: !8)
!8 = !{null}
!9 = !{}
!10 = !{i32 7, !"Dwarf Version", i32 5}
!11 = !{i32 2, !"Debug Info Version", i32 3}
!12 = !{i32 1, !"wchar_size", i32 4}
!13 = !{!"clang version 19.1.7"}
!14 = !DILocation(line: 1, column: 2, scope: !6)
!15 = !DIExpression(DW_OP_plus_uconst, 8, DW_OP_deref, DW_OP_LLVM_fragment, 0, 32)
!16 = !{i64 0, !"_ZTSFvvE"}
!17 = !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
!19 = !{ptr @f, !"kernel", i32 1, !{!"nested", !{i32 2}}}
!20 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 5, size: 128, elements: !9, identifier: "_ZTS1S")
!21 = !DITemplateValueParameter(name: "F", type: !5, value: ptr @f)
!22 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 42, DW_OP_stack_value))
!23 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, flags: DIFlagPublic | DIFlagFwdDecl)
!24 = !DISubrange(count: 4, lowerBound: -1)
!25 = !DIEnumerator(name: "K", value: -5)
!26 = !DILabel(scope: !6, name: "lbl", file: !3, line: 2)
!27 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !2, entity: !6, file: !3, line: 9)
