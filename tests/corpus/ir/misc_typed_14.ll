; LLVM: 14
; Odds and ends in LLVM 14 typed-pointer syntax: callbr with blockaddress
; arguments, indirectbr, inline asm through typed pointers, va_arg on i8*,
; calls through bitcast callees, musttail forwarding, debug intrinsics with
; function-local metadata, prefix/prologue/gc, x86_mmx, scalable vectors.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm "\09.text"
module asm ".globl typed_asm_sym"

%struct.__va_list_tag = type { i32, i32, i8*, i8* }
%vec.holder = type { <vscale x 4 x i32>* }

@jump = internal constant [2 x i8*] [i8* blockaddress(@branches, %a), i8* blockaddress(@branches, %b)]
@mmx.store = global x86_mmx* null
@prefix.data = constant i32 0

declare void @llvm.va_start(i8*)
declare void @llvm.va_end(i8*)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare i32 @variadic(i8*, ...)
declare void @takes_i8(i8*)

define i32 @branches(i32 %i, i8* %target) {
entry:
  %slot = getelementptr [2 x i8*], [2 x i8*]* @jump, i32 0, i32 %i
  %dest = load i8*, i8** %slot
  indirectbr i8* %dest, [label %a, label %b]

a:
  callbr void asm sideeffect "jmp ${0:l}", "X,~{dirflag},~{fpsr},~{flags}"(i8* blockaddress(@branches, %c))
          to label %b [label %c]

b:
  %r = callbr i32 asm "", "=r,r,X"(i32 %i, i8* blockaddress(@branches, %d))
          to label %c [label %d]

c:
  %p = phi i32 [ 0, %a ], [ %r, %b ]
  switch i32 %p, label %exit [
    i32 1, label %a
    i32 2, label %exit
  ]

d:
  br label %exit

exit:
  %q = phi i32 [ %p, %c ], [ %p, %c ], [ 0, %d ]
  ret i32 %q
}

define i32 @varargs(i32 %n, ...) {
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  %ap.i8 = bitcast [1 x %struct.__va_list_tag]* %ap to i8*
  call void @llvm.va_start(i8* %ap.i8)
  %x = va_arg i8* %ap.i8, i32
  %d = va_arg [1 x %struct.__va_list_tag]* %ap, double
  call void @llvm.va_end(i8* %ap.i8)
  %r = call i32 (i8*, ...) @variadic(i8* %ap.i8, i32 %x, double %d)
  ret i32 %r
}

define i32 @forward(i8* %fmt, ...) {
  %r = musttail call i32 (i8*, ...) @variadic(i8* %fmt, ...)
  ret i32 %r
}

define void @casts_as_callees(i32* %p) {
  call void bitcast (void (i8*)* @takes_i8 to void (i32*)*)(i32* %p)
  %r = call i32 bitcast (i32 (i8*, ...)* @variadic to i32 (i32*)*)(i32* %p)
  %fp = bitcast void (i8*)* @takes_i8 to void (i32*)*
  call void %fp(i32* %p)
  %a = call i32 asm "movl $1, $0", "=r,*m"(i32* elementtype(i32) %p)
  call void asm sideeffect inteldialect "mov eax, eax", "~{eax},~{dirflag},~{fpsr},~{flags}"()
  ret void
}

define void @debug(i32 %x, i32* %p) !dbg !5 {
  call void @llvm.dbg.value(metadata i32 %x, metadata !9, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.declare(metadata i32* %p, metadata !9, metadata !DIExpression(DW_OP_deref)), !dbg !10
  call void @llvm.dbg.value(metadata !DIArgList(i32 %x, i32* %p), metadata !9, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_stack_value)), !dbg !10
  call void @llvm.dbg.value(metadata i32 undef, metadata !9, metadata !DIExpression()), !dbg !10
  ret void, !dbg !10
}

define void @with_prefix() gc "statepoint-example" prefix i32* @prefix.data prologue { i8, i8 } { i8 -21, i8 6 } {
  ret void
}

define x86_mmx @mmx(x86_mmx %a) {
  store x86_mmx* null, x86_mmx** @mmx.store
  ret x86_mmx %a
}

define <vscale x 4 x i32> @scalable(%vec.holder* %h) {
  %pp = getelementptr %vec.holder, %vec.holder* %h, i64 0, i32 0
  %p = load <vscale x 4 x i32>*, <vscale x 4 x i32>** %pp
  %v = load <vscale x 4 x i32>, <vscale x 4 x i32>* %p
  %e = getelementptr <vscale x 4 x i32>, <vscale x 4 x i32>* %p, i64 1, i64 2
  ret <vscale x 4 x i32> %v
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "misc.c", directory: "/tmp")
!2 = !{}
!3 = !{i32 2, !"Dwarf Version", i32 4}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "debug", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!6 = !DISubroutineType(types: !7)
!7 = !{null, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocalVariable(name: "x", arg: 1, scope: !5, file: !1, line: 1, type: !8)
!10 = !DILocation(line: 1, column: 1, scope: !5)
