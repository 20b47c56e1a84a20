; LLVM: 19
; Function headers with every optional part, declarations with metadata,
; calling conventions, inline attributes and parameter lists; names of every
; shape; comments in odd places.

target triple = "x86_64-unknown-linux-gnu"

$fcomdat = comdat any
$"weird comdat" = comdat largest

@prefix_data = global i32 0

declare !dbg !5 void @declared_with_dbg(i32 noundef)
declare dso_local noundef zeroext i1 @ret_attrs(ptr noundef nonnull align 8 dereferenceable(16)) local_unnamed_addr #0
declare extern_weak void @weak_decl()
declare hidden fastcc void @hidden_fast(i32)
declare dllimport void @imported()
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare i32 @__gxx_personality_v0(...)
declare void @"quoted name with spaces"(i8)
declare void @"\01?mangled@@YAXXZ"()
declare i1 @llvm.coro.end(ptr, i1, token)

; a definition using every optional header part
define internal dso_local coldcc noundef i32 @full_header(i32 noundef signext %a, ptr nocapture noundef readonly %p) unnamed_addr addrspace(0) #1 section ".text.full" partition "part1" comdat($fcomdat) align 16 gc "shadow-stack" prefix i32 123 prologue i8 144 personality ptr @__gxx_personality_v0 !dbg !6 !prof !12 {
entry:
  ret i32 %a
}

define weak_odr hidden void @fcomdat() comdat {
  ret void
}

define linkonce_odr protected x86_vectorcallcc <2 x double> @vector_cc(<2 x double> %v) noinline nounwind optnone "frame-pointer"="all" alignstack(16) {
  ret <2 x double> %v
}

define available_externally dllexport void @dll_export() {
  ret void
}

define private cc 42 void @numbered_cc() {
  ret void
}

define void @"quoted name with spaces.def"(i8 %"quoted param") {
"entry block":                                    ; a quoted label
  %"a b" = add i8 %"quoted param", 1
  br label %"exit block"

"exit block":
  %0 = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret void
}

define void @"\01?defined@@YAXXZ"() {
  ret void
}

define void @numbered_values(i32 %0, i32 %1) {
; entry block without a label; the next block is "2"
  %3 = add i32 %0, %1  ; trailing comment
  br label %4
4:                                                ; preds = %2
  ; a comment line inside a block
  %5 = phi i32 [ %3, %2 ]
  ret void
}

define ptr @returns_ptr(ptr addrspace(1) %p) {
  %q = addrspacecast ptr addrspace(1) %p to ptr
  ret ptr %q
}

define void @dbg_intrinsic(i32 %x) !dbg !13 {
  call void @llvm.dbg.value(metadata i32 %x, metadata !9, metadata !DIExpression()), !dbg !11
  ret void, !dbg !11
}

define void @empty_params() #2 {
  ret void
}

; comment before attribute groups
attributes #0 = { nounwind }
attributes #1 = { noinline optnone uwtable }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" } ; trailing comment

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "functions.c", directory: "/tmp")
!2 = !{}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubprogram(name: "declared_with_dbg", scope: !1, file: !1, line: 2, type: !7, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!6 = distinct !DISubprogram(name: "full_header", scope: !1, file: !1, line: 3, type: !7, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!7 = !DISubroutineType(types: !8)
!8 = !{null, !10}
!9 = !DILocalVariable(name: "x", arg: 1, scope: !13, file: !1, line: 3, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DILocation(line: 3, column: 5, scope: !13)
!12 = !{!"function_entry_count", i64 1000}
!13 = distinct !DISubprogram(name: "dbg_intrinsic", scope: !1, file: !1, line: 9, type: !7, scopeLine: 9, spFlags: DISPFlagDefinition, unit: !0)
