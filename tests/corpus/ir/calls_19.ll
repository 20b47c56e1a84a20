; LLVM: 19
; Calls: tail kinds, calling conventions, return/parameter/function
; attributes at call sites, operand bundles of each kind, inline asm with
; every dialect flag and constraint shape, varargs and va_arg, musttail
; forwarding, indirect calls, calls in other address spaces, intrinsics
; with metadata arguments.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.va_list = type { i32, i32, ptr, ptr }

declare void @callee(i32)
declare i32 @vararg(i32, ...)
declare fastcc i32 @fast(i32)
declare coldcc void @cold()
declare ghccc void @ghc()
declare swiftcc ptr @swift(ptr swiftself)
declare tailcc i32 @tail(i32)
declare cc 11 void @numbered()
declare preserve_mostcc void @pm()
declare preserve_allcc void @pa()
declare anyregcc void @anyreg()
declare x86_stdcallcc void @stdcall()
declare x86_fastcallcc void @fastcall()
declare x86_thiscallcc void @thiscall(ptr)
declare x86_regcallcc void @regcall()
declare win64cc void @win64()
declare x86_64_sysvcc void @sysv()
declare cxx_fast_tlscc ptr @tls_access()
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare token @llvm.experimental.gc.statepoint.p0(i64 immarg, i32 immarg, ptr, i32 immarg, i32 immarg, ...)
declare void @llvm.assume(i1)
declare i32 @llvm.read_register.i32(metadata)
declare void @llvm.write_register.i32(metadata, i32)
declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare ptr addrspace(1) @in_as1(i32) addrspace(1)

define void @tails_and_ccs(i32 %x, ptr %fp) {
  call void @callee(i32 %x)
  tail call void @callee(i32 1)
  notail call void @callee(i32 2)
  %a = call fastcc i32 @fast(i32 %x)
  %b = tail call fastcc i32 @fast(i32 %a)
  call coldcc void @cold() #0
  call ghccc void @ghc()
  %s = call swiftcc ptr @swift(ptr swiftself null)
  %t = call tailcc i32 @tail(i32 %x)
  call cc 11 void @numbered()
  call preserve_mostcc void @pm()
  call preserve_allcc void @pa()
  call anyregcc void @anyreg()
  call x86_stdcallcc void @stdcall()
  call x86_fastcallcc void @fastcall()
  call x86_thiscallcc void @thiscall(ptr null)
  call x86_regcallcc void @regcall()
  call win64cc void @win64()
  call x86_64_sysvcc void @sysv()
  %tls = call cxx_fast_tlscc ptr @tls_access()
  call void %fp(i32 %x)
  %r = call i32 %fp(i32 %x, double 1.0)
  %as = call addrspace(1) ptr addrspace(1) @in_as1(i32 %x)
  ret void
}

define i32 @varargs_use(i32 %n, ...) {
  %ap = alloca %struct.va_list, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %a = va_arg ptr %ap, i32
  %b = va_arg ptr %ap, double
  %c = va_arg ptr %ap, ptr
  %ap2 = alloca %struct.va_list, align 8
  call void @llvm.va_copy.p0(ptr %ap2, ptr %ap)
  call void @llvm.va_end.p0(ptr %ap2)
  call void @llvm.va_end.p0(ptr %ap)
  %v = call i32 (i32, ...) @vararg(i32 2, i32 %a, double %b)
  %w = call i32 (i32, ...) @vararg(i32 0)
  %x = tail call i32 (i32, ...) @vararg(i32 1, ptr byval(i32) %c, i8 signext 3)
  ret i32 %v
}

define i32 @forwarder(i32 %n, ...) {
  %r = musttail call i32 (i32, ...) @vararg(i32 %n, ...)
  ret i32 %r
}

define tailcc i32 @musttail_plain(i32 %x) {
  %r = musttail call tailcc i32 @tail(i32 %x)
  ret i32 %r
}

define void @bundles(ptr %p, i32 %x, ptr %fp) gc "statepoint-example" {
  call void @callee(i32 %x) [ "deopt"(i32 1, i64 2, ptr %p) ]
  call void @callee(i32 %x) [ "deopt"() ]
  call void @callee(i32 %x) [ "deopt"(i32 0), "gc-live"(ptr %p), "unknown-tag"(float 1.0, i1 true) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p), "dereferenceable"(ptr %p, i64 8) ]
  call void @llvm.assume(i1 true) [ "ignore"(), "cold"() ]
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr elementtype(void (i32)) @callee, i32 1, i32 0, i32 %x, i32 0, i32 0) [ "gc-live"(ptr %p), "deopt"(i32 9) ]
  call void %fp(i32 %x) [ "ptrauth"(i32 0, i64 1234) ]
  call void @callee(i32 %x) [ "kcfi"(i32 42) ]
  ret void
}

define i32 @inline_asms(i32 %x, ptr %p) {
  call void asm "nop", ""()
  call void asm sideeffect "mfence", "~{memory},~{dirflag},~{fpsr},~{flags}"()
  %a = call i32 asm "add $0, $1", "=r,r,0"(i32 %x, i32 %x)
  %b = call i32 asm sideeffect alignstack "mov $1, $0", "=r,r"(i32 %a)
  %c = call i32 asm inteldialect "mov $0, $1", "=r,r"(i32 %b)
  %d = call i32 asm sideeffect alignstack inteldialect unwind "lea $0, [$1]", "=r,r"(i32 %c)
  %e = call { i32, i32 } asm "cpuid", "={ax},={bx},0,~{cx}"(i32 %d)
  call void asm sideeffect "movl $$1, $0", "=*m"(ptr elementtype(i32) %p)
  %f = call i32 asm "quote \22x\22 and tab\09", "=r"()
  %g = tail call i32 asm "", "=r,~{memory}"() #1
  ret i32 %g
}

define void @metadata_args(i32 %v) !dbg !4 {
  %r = call i32 @llvm.read_register.i32(metadata !0)
  call void @llvm.write_register.i32(metadata !0, i32 %v)
  %f = call float @llvm.experimental.constrained.fadd.f32(float 1.0, float 2.0, metadata !"round.dynamic", metadata !"fpexcept.strict") #2
  call void @llvm.dbg.declare(metadata ptr null, metadata !1, metadata !DIExpression()), !dbg !5
  ret void
}

attributes #0 = { cold nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { strictfp }

!0 = !{!"rsp\00"}
!1 = !DILocalVariable(name: "v", scope: !4, file: !3)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: FullDebug)
!3 = !DIFile(filename: "calls.c", directory: "/")
!4 = distinct !DISubprogram(name: "metadata_args", scope: !3, file: !3, line: 1, spFlags: DISPFlagDefinition, unit: !2)
!5 = !DILocation(line: 2, scope: !4)
!6 = !{i32 2, !"Debug Info Version", i32 3}
!llvm.module.flags = !{!6}
!llvm.dbg.cu = !{!2}
