; A copy of active memory whose type nothing tells -- an untagged i64
; load and store, what clang -O2 makes of memcpy(d, s, 8) between buffers
; of char -- cannot be differentiated: an error names the value, the
; function and the C line (from !dbg), instead of a derivative that is
; silently wrong when the bytes are a double.  (In optimized code an
; integer access without a TBAA tag says nothing about the type; only in
; clang -O0 code are IR types the source's.)
; RUN: rm -f %t.out.ll
; RUN: not enzyme-opt %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.out.ll

declare double @__enzyme_autodiff(...)

define void @copy_bytes(ptr %d, ptr %s) !dbg !5 {
  %bits = load i64, ptr %s, align 1, !dbg !8
  store i64 %bits, ptr %d, align 1, !dbg !8
  ret void, !dbg !9
}

define i32 @main() {
  %b = alloca [16 x i8], align 1
  %db = alloca [16 x i8], align 1
  %b8 = getelementptr inbounds i8, ptr %b, i64 8
  %db8 = getelementptr inbounds i8, ptr %db, i64 8
  %r = call double (...) @__enzyme_autodiff(ptr @copy_bytes, ptr %b, ptr %db, ptr %b8, ptr %db8)
  ret i32 0
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "untyped.c", directory: "/nonexistent")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "copy_bytes", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 4, column: 3, scope: !5)
!9 = !DILocation(line: 5, column: 1, scope: !5)

; CHECK-NOT: Traceback
; CHECK: untyped.c:4:3: error: cannot deduce the type of the i64 value '%bits' copied into active memory (a float, a pointer or an integer: no TBAA tag or typed access tells) in function 'copy_bytes'
; CHECK: note: instruction: store i64 %bits, ptr %d, align 1, !dbg !8
; CHECK: note: while differentiating 'copy_bytes' for the call to '__enzyme_autodiff' in 'main'
; CHECK-NOT: Traceback
