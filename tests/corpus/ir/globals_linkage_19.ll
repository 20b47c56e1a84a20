; LLVM: 19
; Globals, aliases and ifuncs with each linkage, visibility, DLL storage,
; thread-local mode, unnamed_addr, address space, section, partition, comdat,
; alignment and code model, alone and combined, in the order LLParser wants.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$c.any = comdat any
$c.exact = comdat exactmatch
$c.large = comdat largest
$c.nodup = comdat nodeduplicate
$c.same = comdat samesize
$lo.comdat = comdat any
$wo.comdat = comdat any

; --- linkage only
@l.private = private global i16 1
@l.internal = internal global i16 2
@l.available = available_externally global i16 3
@l.linkonce = linkonce global i16 4
@l.weak = weak global i16 5
@l.common = common global i16 0
@l.appending = appending global [2 x i16] [i16 6, i16 7]
@l.extern_weak = extern_weak global i16
@l.linkonce_odr = linkonce_odr global i16 8
@l.weak_odr = weak_odr global i16 9
@l.external = external global i16

; --- preemption, visibility and dll storage
@p.local = dso_local global i8 1
@p.preempt = dso_preemptable global i8 2
@v.hidden.local = hidden global i8 3
@v.protected = dso_local protected global i8 4
@v.default = default global i8 5
@d.export = dllexport global i8 6
@d.import = external dllimport global i8
@d.import.weak = extern_weak dllimport global i8
@d.export.weak = weak_odr dllexport global i8 7

; --- thread-local models
@t.gd = thread_local global i32 0, align 4
@t.ld = internal thread_local(localdynamic) global i32 1, align 4
@t.ie = hidden thread_local(initialexec) global i32 2
@t.le = private thread_local(localexec) unnamed_addr global i32 3
@t.ext = external thread_local(initialexec) global i32

; --- unnamed_addr, address spaces, externally_initialized, constants
@u.un = private unnamed_addr constant [3 x i8] c"ab\00"
@u.lun = internal local_unnamed_addr constant i64 -1
@as.2 = addrspace(2) global float 1.5
@as.4c = internal unnamed_addr addrspace(4) constant double 2.5, align 8
@as.ext = external addrspace(3) global [16 x i32]
@ei = externally_initialized global i32 0
@ei.as = internal addrspace(1) externally_initialized global i32 0, align 16
@ptr.as = global ptr addrspace(2) @as.2
@ptr.as.ext = global ptr addrspace(3) @as.ext

; --- options after the initializer, in every legal order
@o.section = global i32 0, section ".data.custom"
@o.sec.align = global i32 0, section "sec2", align 32
@o.part = global i32 0, partition "p1"
@o.part.sec = global i32 0, section "s", partition "p2", align 2
@o.comdat = global i32 0, comdat($c.any)
@o.comdat.align = global i32 0, comdat($c.exact), align 64
@o.comdat.sec = global i32 0, section "cs", comdat($c.large), align 4
@c.nodup = global i32 0, comdat
@o.nodup.any = global i32 0, comdat($c.nodup)
@c.same = global i8 0, comdat
@o.cm.small = global i32 0, code_model "small"
@o.cm.kernel = internal global i32 0, code_model "kernel"
@o.cm.medium = global i32 0, section "m", code_model "medium", align 8
@o.align1 = global i8 0, align 1
@o.align4k = global [4096 x i8] zeroinitializer, align 4096
@o.sanitize = global i32 0, no_sanitize_address
@o.sanitize2 = global i32 0, no_sanitize_hwaddress, sanitize_address_dyninit
@o.attrs = global i32 0, align 4 #0
@lo.comdat = linkonce_odr hidden unnamed_addr constant i32 1, comdat, align 4
@wo.comdat = weak_odr dso_local local_unnamed_addr global ptr @lo.comdat, comdat

; --- everything at once
@all = weak_odr hidden thread_local(localdynamic) unnamed_addr addrspace(5) externally_initialized global i64 42, section ".tdata.all", partition "pall", comdat($c.same), align 8, !type !0
@all.decl = external protected thread_local local_unnamed_addr addrspace(1) externally_initialized global i64, align 8

; --- aliases
@a.plain = alias i16, ptr @l.weak
@a.private = private alias i16, ptr @l.internal
@a.internal = internal alias i16, ptr @l.weak_odr
@a.linkonce = linkonce alias i16, ptr @l.weak
@a.linkonce_odr = linkonce_odr alias i16, ptr @l.weak
@a.weak = weak alias i16, ptr @l.weak
@a.weak_odr = weak_odr alias i16, ptr @l.weak
@a.external = external alias i16, ptr @l.weak
@a.vis = dso_local protected alias i8, ptr @p.local
@a.dll = dllexport alias i8, ptr @p.local
@a.tls = internal thread_local(localexec) alias i32, ptr @t.le
@a.unnamed = private unnamed_addr alias i32, ptr @t.gd
@a.lunnamed = hidden local_unnamed_addr alias i32, ptr @t.gd
@a.as = alias float, ptr addrspace(2) @as.2
@a.offset = alias i8, getelementptr inbounds (i8, ptr @l.appending, i64 2)
@a.chain = alias i16, ptr @a.plain
@a.part = hidden alias i16, ptr @l.weak, partition "ap"
@a.cast = alias i16, inttoptr (i64 ptrtoint (ptr @l.weak to i64) to ptr)
@a.ascast = alias float, addrspacecast (ptr addrspace(2) @as.2 to ptr)
@a.typed.cast = alias float, ptr addrspacecast (ptr addrspace(2) @as.2 to ptr)

; --- ifuncs
@if.plain = ifunc i32 (i32), ptr @resolve
@if.private = private ifunc void (), ptr @resolve
@if.internal = internal ifunc void (), ptr @resolve
@if.weak = weak ifunc void (), ptr @resolve
@if.linkonce_odr = linkonce_odr ifunc void (), ptr @resolve
@if.hidden = dso_local hidden ifunc i64 (ptr, ...), ptr @resolve
@if.protected = protected ifunc void (), ptr @resolve
@if.part = ifunc void (), ptr @resolve, partition "ip"

define internal ptr @resolve() {
  ret ptr null
}

define void @uses_ifunc() {
  call void @if.private()
  call void @if.internal()
  %r = call i32 @if.plain(i32 3)
  ret void
}

attributes #0 = { "bss-section"="my.bss" "data-section"="my.data" "rodata-section"="my.rodata" "relro-section"="my.relro" }

!0 = !{i64 0, !"typeid"}
