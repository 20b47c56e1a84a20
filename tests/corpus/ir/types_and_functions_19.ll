; LLVM: 19
; Target extension types, x86_amx, token and metadata parameters, opaque
; and recursive named types, function headers with every trailing part
; (unnamed_addr, addrspace, section, partition, comdat, align, gc, prefix,
; prologue, personality), ptrauth and no_cfi constants, module asm.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm "  .section .note.hand,\22a\22"
module asm ""

$fn.group = comdat any
$fn.other = comdat any

%opaque.fwd = type opaque
%rec = type { ptr, %rec.inner }
%rec.inner = type { i32, [2 x %later] }
%later = type { i8 }
%int.alias = type i32
%vec.alias = type <4 x %int.alias>
%with.target = type { target("spirv.Event"), i32 }
%vec.struct = type { <2 x ptr>, <vscale x 1 x i64> }

@img = external global target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)
@tgt.zero = global target("spirv.DeviceEvent") zeroinitializer
@tgt.pair = global %with.target zeroinitializer
@signed = global ptr ptrauth (ptr @plain, i32 0)
@signed.disc = global ptr ptrauth (ptr @plain, i32 2, i64 1234)
@signed.addr = global ptr ptrauth (ptr @plain, i32 2, i64 0, ptr @signed.addr)
@cfi = global ptr no_cfi @plain
@equiv = global ptr dso_local_equivalent @plain
@prefix.val = global i64 0
@via.alias = global %int.alias 5
@via.alias2 = global [2 x %vec.alias] zeroinitializer

declare void @plain()
declare i32 @__gxx_personality_v0(...)
declare void @takes_target(target("spirv.Sampler"), target("aarch64.svcount"))
declare target("spirv.Queue") @returns_target()
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare i1 @llvm.coro.end(ptr, i1, token)
declare x86_amx @llvm.x86.tileloadd64.internal(i16, i16, ptr, i64)
declare void @llvm.x86.tilestored64.internal(i16, i16, ptr, i64, x86_amx)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)

define void @target_values(target("spirv.Sampler") %s, target("aarch64.svcount") %c) {
  call void @takes_target(target("spirv.Sampler") %s, target("aarch64.svcount") %c)
  %q = call target("spirv.Queue") @returns_target()
  %z = freeze target("aarch64.svcount") %c
  ret void
}

define void @amx(ptr %p) {
  %t = call x86_amx @llvm.x86.tileloadd64.internal(i16 8, i16 64, ptr %p, i64 64)
  call void @llvm.x86.tilestored64.internal(i16 8, i16 64, ptr %p, i64 64, x86_amx %t)
  ret void
}

define ptr @tokens() presplitcoroutine {
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  %e = call i1 @llvm.coro.end(ptr %h, i1 false, token none)
  call void @llvm.experimental.noalias.scope.decl(metadata !6)
  ret ptr %h
}

define internal void @hdr1() unnamed_addr section ".text.one" align 64 {
  ret void
}

define void @hdr2() local_unnamed_addr addrspace(0) #0 section ".text.two" partition "pt" comdat($fn.group) {
  ret void
}

define weak_odr void @fn.other() comdat align 4 gc "coreclr" {
  ret void
}

define void @hdr3() prefix i64 7 prologue [2 x i8] c"\EB\06" {
  ret void
}

define i32 @hdr4(i32 %x) gc "erlang" prefix <{ i8, i32 }> <{ i8 1, i32 2 }> personality ptr @__gxx_personality_v0 {
  ret i32 %x
}

define dso_local void @hdr5() noinline personality ptr @__gxx_personality_v0 !dbg !0 !annotation !4 {
  ret void
}

define void @instructions_with_wrapped_constants() {
  call void no_cfi @plain()
  call void dso_local_equivalent @plain()
  %p = getelementptr i8, ptr ptrauth (ptr @plain, i32 0), i64 0
  ret void
}

declare !annotation !4 void @decl.md()

attributes #0 = { nounwind "target-features"="+avx" }

!llvm.module.flags = !{!5}
!llvm.dbg.cu = !{!2}
!0 = distinct !DISubprogram(name: "hdr5", scope: !1, file: !1, line: 1, spFlags: DISPFlagDefinition, unit: !2)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!4 = !{!"note"}
!6 = !{!7}
!7 = distinct !{!7, !8, !"scope"}
!8 = distinct !{!8, !"domain"}
!5 = !{i32 2, !"Debug Info Version", i32 3}
