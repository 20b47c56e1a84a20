; LLVM: 19
; Every instruction kind with its flags, in opaque-pointer IR.

target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, [4 x float], ptr }
%pair = type { ptr, i32 }

@gv = global i32 0
@arr = global [4 x i32] zeroinitializer
@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr nocapture noundef readonly, ...)
declare void @use(...)
declare void @may_throw(i32)
declare i32 @__gxx_personality_v0(...)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.assume(i1 noundef)
declare token @llvm.experimental.gc.statepoint.p0(i64 immarg, i32 immarg, ptr, i32 immarg, i32 immarg, ...)
declare fastcc double @fastfn(double)
declare cc 10 void @ghc(i64)
declare x86_stdcallcc void @stdcall()
declare noalias nonnull align 16 dereferenceable(64) ptr @alloc(i64 range(i64 1, 4096) %n) allockind("alloc") allocsize(0)
declare void @sret_fn(ptr sret(%struct.S) align 8, ptr byval(%struct.S) align 8, ptr byref(i32))
declare void @prealloc(ptr preallocated(i32), ptr inalloca(i32))
declare void @elem(ptr swifterror, ptr swiftself, ptr nest, i32 inreg signext, i8 zeroext)
declare void @llvm.prefetch.p0(ptr nocapture readonly, i32 immarg, i32 immarg, i32 immarg)
declare ptr @fpclass(float nofpclass(nan inf), ptr dead_on_unwind writable initializes((0, 8), (16, 24)), ptr writeonly returned, ptr "string-attr" "k"="v")
declare void @unnamed_params(i32, ptr, ...)

define i32 @arith(i32 %a, i32 %b, i64 %c, <4 x i32> %v) {
entry:
  %add = add i32 %a, %b
  %add.nuw = add nuw i32 %a, 1
  %add.nsw = add nsw i32 %a, -1
  %add.both = add nuw nsw i32 %a, %b
  %sub = sub nuw nsw i32 0, %a
  %mul = mul nsw i32 %a, 7
  %udiv = udiv exact i32 %a, 4
  %sdiv = sdiv i32 %a, %b
  %urem = urem i32 %a, 3
  %srem = srem i32 %a, %b
  %shl = shl nuw nsw i32 %a, 2
  %lshr = lshr exact i32 %a, 1
  %ashr = ashr i32 %a, 31
  %and = and i32 %a, 255
  %or = or disjoint i32 %a, 256
  %xor = xor i32 %a, -1
  %vadd = add <4 x i32> %v, <i32 1, i32 2, i32 3, i32 4>
  %vsplat = mul <4 x i32> %v, splat (i32 3)
  %wide = add i128 170141183460469231731687303715884105727, 1
  %a.ext = zext i32 %a to i37
  %odd = add i37 %a.ext, 1
  %bool = xor i1 true, false
  ret i32 %xor
}

define double @floats(double %x, double %y, float %f, half %h, bfloat %bf, x86_fp80 %ld, fp128 %q, ppc_fp128 %pq) {
  %add = fadd double %x, %y
  %fast = fadd fast double %x, 1.000000e+00
  %flags = fmul nnan ninf nsz arcp contract afn reassoc double %x, %y
  %sub = fsub double -0.000000e+00, %x
  %div = fdiv double %x, 0x7FF0000000000000
  %rem = frem double %x, 0x3FB999999999999A
  %neg = fneg double %x
  %negf = fneg fast float %f
  %h2 = fadd half %h, 0xH3C00
  %bf2 = fadd bfloat %bf, 0xR3F80
  %ld2 = fadd x86_fp80 %ld, 0xK3FFF8000000000000000
  %q2 = fadd fp128 %q, 0xL00000000000000003FFF000000000000
  %pq2 = fadd ppc_fp128 %pq, 0xM3FF00000000000000000000000000000
  %f2 = fadd float %f, 1.500000e+00
  ret double %fast
}

define void @casts(i32 %a, i64 %b, double %d, ptr %p, ptr addrspace(1) %p1, <2 x i32> %v) {
  %t = trunc i64 %b to i32
  %tn = trunc nuw nsw i64 %b to i8
  %z = zext i32 %a to i64
  %zn = zext nneg i32 %a to i64
  %s = sext i32 %a to i64
  %fpt = fptrunc double %d to float
  %fpe = fpext float %fpt to double
  %fui = fptoui double %d to i32
  %fsi = fptosi double %d to i32
  %uif = uitofp i32 %a to double
  %uifn = uitofp nneg i32 %a to double
  %sif = sitofp i32 %a to double
  %pti = ptrtoint ptr %p to i64
  %itp = inttoptr i64 %b to ptr
  %bc = bitcast <2 x i32> %v to i64
  %asc = addrspacecast ptr %p to ptr addrspace(1)
  %asc2 = addrspacecast ptr addrspace(1) %p1 to ptr
  ret void
}

define i1 @compares(i32 %a, i32 %b, double %x, double %y, ptr %p) {
  %eq = icmp eq i32 %a, %b
  %ne = icmp ne i32 %a, 0
  %ugt = icmp ugt i32 %a, %b
  %uge = icmp uge i32 %a, %b
  %ult = icmp ult i32 %a, %b
  %ule = icmp ule i32 %a, %b
  %sgt = icmp sgt i32 %a, %b
  %sge = icmp sge i32 %a, %b
  %slt = icmp slt i32 %a, %b
  %sle = icmp sle i32 %a, %b
  %pnull = icmp eq ptr %p, null
  %f0 = fcmp false double %x, %y
  %f1 = fcmp oeq double %x, %y
  %f2 = fcmp ogt double %x, %y
  %f3 = fcmp oge double %x, %y
  %f4 = fcmp olt double %x, %y
  %f5 = fcmp ole double %x, %y
  %f6 = fcmp one double %x, %y
  %f7 = fcmp ord double %x, %y
  %f8 = fcmp ueq double %x, %y
  %f9 = fcmp ugt double %x, %y
  %f10 = fcmp uge double %x, %y
  %f11 = fcmp ult double %x, %y
  %f12 = fcmp ule double %x, %y
  %f13 = fcmp une double %x, %y
  %f14 = fcmp uno double %x, %y
  %f15 = fcmp true double %x, %y
  %ffast = fcmp fast olt double %x, 0.000000e+00
  %sel = select i1 %eq, i32 %a, i32 %b
  %self = select nnan nsz i1 %f1, double %x, double %y
  %selv = select <2 x i1> <i1 true, i1 false>, <2 x i32> zeroinitializer, <2 x i32> <i32 1, i32 2>
  %fr = freeze i32 %a
  %frp = freeze ptr poison
  ret i1 %eq
}

define i32 @memory(ptr %p, i32 %n) {
entry:
  %a = alloca i32, align 4
  %arr = alloca i32, i32 %n, align 16
  %arr64 = alloca [4 x double], i64 2
  %as = alloca i32, align 4, addrspace(5)
  %ia = alloca inalloca %struct.S
  %s = alloca %struct.S, align 8, !annotation !2
  %l = load i32, ptr %p, align 4
  %lv = load volatile i32, ptr %p, align 4, !tbaa !3
  %la = load atomic i32, ptr %p acquire, align 4
  %lav = load atomic volatile i64, ptr %p syncscope("singlethread") seq_cst, align 8
  %lu = load atomic i32, ptr %p unordered, align 4
  %lnn = load ptr, ptr %p, align 8, !nonnull !0, !noundef !0, !align !4
  %lr = load i32, ptr %p, align 4, !range !5, !invariant.load !0, !noalias !6
  store i32 1, ptr %a, align 4
  store volatile i32 %l, ptr %a, align 4, !tbaa !3
  store atomic i32 %l, ptr %p release, align 4
  store atomic volatile i32 %l, ptr %p syncscope("agent") monotonic, align 4
  store i32 %l, ptr %a, !nontemporal !7
  %g0 = getelementptr %struct.S, ptr %s, i32 0, i32 1, i64 2
  %g1 = getelementptr inbounds i8, ptr %p, i64 16
  %la.ext = sext i32 %la to i64
  %g2 = getelementptr inbounds nuw [4 x i32], ptr @arr, i64 0, i64 %la.ext
  %g3 = getelementptr nusw i32, ptr %p, i32 -1
  %g4 = getelementptr nusw nuw %struct.S, ptr %s, i64 1
  %vp = insertelement <4 x ptr> poison, ptr %p, i32 0
  %gv = getelementptr i32, <4 x ptr> %vp, <4 x i64> <i64 0, i64 1, i64 2, i64 3>
  %gs = getelementptr i32, ptr %p, <2 x i64> <i64 1, i64 2>
  %cx = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst, align 4
  %cxw = cmpxchg weak volatile ptr %p, i32 %l, i32 2 syncscope("singlethread") acq_rel monotonic, align 4
  %cxv = extractvalue { i32, i1 } %cx, 0
  %cxs = extractvalue { i32, i1 } %cxw, 1
  %r0 = atomicrmw xchg ptr %p, i32 1 seq_cst, align 4
  %r1 = atomicrmw add ptr %p, i32 1 monotonic, align 4
  %r2 = atomicrmw sub ptr %p, i32 1 acquire, align 4
  %r3 = atomicrmw and ptr %p, i32 1 release, align 4
  %r4 = atomicrmw nand ptr %p, i32 1 acq_rel, align 4
  %r5 = atomicrmw or ptr %p, i32 1 seq_cst, align 4
  %r6 = atomicrmw xor ptr %p, i32 1 seq_cst, align 4
  %r7 = atomicrmw max ptr %p, i32 1 seq_cst, align 4
  %r8 = atomicrmw min ptr %p, i32 1 seq_cst, align 4
  %r9 = atomicrmw umax ptr %p, i32 1 seq_cst, align 4
  %r10 = atomicrmw umin ptr %p, i32 1 seq_cst, align 4
  %r11 = atomicrmw fadd ptr %p, float 1.000000e+00 seq_cst, align 4
  %r12 = atomicrmw fsub ptr %p, double 1.000000e+00 seq_cst, align 8
  %r13 = atomicrmw fmax ptr %p, float 1.000000e+00 seq_cst, align 4
  %r14 = atomicrmw fmin ptr %p, float 1.000000e+00 seq_cst, align 4
  %r15 = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4
  %r16 = atomicrmw udec_wrap ptr %p, i32 1 seq_cst, align 4
  %r17 = atomicrmw volatile add ptr %p, i64 1 syncscope("singlethread") monotonic, align 8
  fence acquire
  fence syncscope("singlethread") seq_cst
  ret i32 %l
}

define <4 x float> @vectors(<4 x float> %a, <4 x float> %b, float %x, i32 %i, <vscale x 4 x i32> %sv) {
  %e = extractelement <4 x float> %a, i32 0
  %ei = extractelement <4 x float> %a, i32 %i
  %ins = insertelement <4 x float> %a, float %x, i64 3
  %sh = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %shp = shufflevector <4 x float> %a, <4 x float> poison, <4 x i32> zeroinitializer
  %shu = shufflevector <4 x float> %a, <4 x float> undef, <8 x i32> <i32 0, i32 undef, i32 poison, i32 1, i32 2, i32 3, i32 0, i32 0>
  %svi = insertelement <vscale x 4 x i32> %sv, i32 %i, i64 0
  %svs = shufflevector <vscale x 4 x i32> %svi, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  ret <4 x float> %sh
}

define { i32, %pair } @aggregates(%pair %p, [2 x [3 x i32]] %arr) {
  %x = extractvalue %pair %p, 1
  %y = extractvalue [2 x [3 x i32]] %arr, 1, 2
  %i = insertvalue { i32, %pair } undef, i32 %x, 0
  %j = insertvalue { i32, %pair } %i, %pair %p, 1
  %k = insertvalue { i32, %pair } %j, ptr null, 1, 0
  ret { i32, %pair } %k
}

define i32 @control(i32 %x, ptr %addr) {
entry:
  br label %loop

loop:                                             ; preds = %loop, %entry
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi fast double [ 0.000000e+00, %entry ], [ %acc.next, %loop ]
  %i.next = add i32 %i, 1
  %acc.next = fadd fast double %acc, 1.000000e+00
  %done = icmp eq i32 %i.next, %x
  br i1 %done, label %exit, label %loop, !llvm.loop !8, !prof !10

exit:
  switch i32 %x, label %default [
    i32 0, label %zero
    i32 1, label %one
    i32 -7, label %one
  ]

zero:
  indirectbr ptr %addr, [label %one, label %default]

one:
  switch i32 %x, label %default []

default:
  %r = phi i32 [ 1, %exit ], [ 2, %zero ], [ 3, %one ]
  ret i32 %r

"quoted block name":
  unreachable

12:
  br label %"quoted block name"
}

define i32 @varargs(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  %d = va_arg ptr %ap, double
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %v
}

define void @calls(ptr %fp, ptr %p, i32 %x) gc "statepoint-example" {
  %r0 = call i32 (ptr, ...) @printf(ptr noundef @fmt, i32 noundef %x)
  %r1 = tail call i32 (ptr, ...) @printf(ptr @fmt, i32 1, double 2.0)
  %r2 = notail call fastcc double @fastfn(double 1.0)
  call cc 10 void @ghc(i64 0)
  call x86_stdcallcc void @stdcall() #1
  %r3 = call fast double @fastfn(double 2.0)
  %r4 = call noalias nonnull align 16 dereferenceable(64) ptr @alloc(i64 64) #2
  call void @sret_fn(ptr sret(%struct.S) align 8 %p, ptr byval(%struct.S) align 8 %p, ptr byref(i32) %p)
  call void %fp(i32 %x) nounwind readnone "call-site-attr"
  call void (...) @use(i32 1, ptr null, double undef, { i32, i8 } { i32 1, i8 2 }, [2 x i8] c"ab", <2 x i1> <i1 true, i1 false>)
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p) ]
  call void @use() [ "deopt"(i32 1, i64 2), "kcfi"(i32 42) ]
  call void @llvm.dbg.value(metadata i32 %x, metadata !11, metadata !DIExpression()), !dbg !14
  call void @llvm.dbg.value(metadata ptr undef, metadata !11, metadata !DIExpression(DW_OP_plus_uconst, 8, DW_OP_stack_value)), !dbg !14
  call void @llvm.dbg.value(metadata !DIArgList(i32 %x, i32 1), metadata !11, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !14
  call void asm sideeffect "nop", "~{memory},~{dirflag},~{fpsr},~{flags}"()
  %asm = call i32 asm "addl $2, $0", "=r,0,r,~{cc}"(i32 %x, i32 1) #1, !srcloc !15
  call void asm sideeffect inteldialect "mov eax, eax", "~{eax}"()
  %two = call { i32, i32 } asm alignstack "", "=r,=r"()
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr elementtype(void ()) @f0, i32 0, i32 0, i32 0, i32 0) [ "gc-live"(ptr %p) ]
  musttail call void @musttail_target(ptr %fp, ptr %p, i32 %x)
  ret void
}

declare void @f0()

define void @musttail_target(ptr %fp, ptr %p, i32 %x) {
  ret void
}

define void @va_forward(ptr %p, ...) {
  musttail call void (ptr, ...) @va_forward(ptr %p, ...)
  ret void
}

define i32 @itanium_eh(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %lpad

cont:
  %r = invoke i32 @arith(i32 %x, i32 1, i64 2, <4 x i32> zeroinitializer) #1
          to label %done unwind label %lpad2, !dbg !14

done:
  ret i32 %r

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp

lpad2:
  %lp2 = landingpad { ptr, i32 }
          catch ptr @gv
          catch ptr null
          filter [1 x ptr] [ptr @gv]
          filter [0 x ptr] zeroinitializer
  %sel = extractvalue { ptr, i32 } %lp2, 1
  ret i32 %sel
}

declare i32 @__CxxFrameHandler3(...)

define void @funclets(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 %x)
          to label %next unwind label %dispatch

next:
  invoke void @may_throw(i32 2)
          to label %exit unwind label %dispatch2

dispatch:
  %cs = catchswitch within none [label %handler, label %handler2] unwind label %cleanup

handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  call void @may_throw(i32 0) [ "funclet"(token %cp) ]
  catchret from %cp to label %exit

handler2:
  %cp2 = catchpad within %cs []
  catchret from %cp2 to label %exit

cleanup:
  %cl = cleanuppad within none [i32 1]
  call void @may_throw(i32 1) [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller

dispatch2:
  %cs2 = catchswitch within none [label %handler3] unwind to caller

handler3:
  %cp3 = catchpad within %cs2 [ptr null, i32 64, ptr null]
  catchret from %cp3 to label %exit

exit:
  ret void
}

define i32 @asm_goto(i32 %x) {
entry:
  callbr void asm "jmp ${1:l}", "r,!i"(i32 %x)
          to label %fallthrough [label %indirect]

fallthrough:
  %r = callbr i32 asm "", "=r,r,!i,!i"(i32 %x)
          to label %done [label %indirect, label %indirect2]

indirect:
  ret i32 1

indirect2:
  ret i32 2

done:
  ret i32 %r
}

define void @unnamed_values(i32) {
  %2 = add i32 %0, 1
  br label %3

3:
  %4 = phi i32 [ %2, %1 ]
  ret void
}

declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)
declare x86_mmx @mmx_fn(x86_mmx)
declare void @target_type(target("spirv.Image", void, 1, 1, 0, 0, 0, 0, 0), target("aarch64.svcount"))
declare void @in_as1() addrspace(1)

define double @strict(double %x, double %y) strictfp {
  %r = call double @llvm.experimental.constrained.fadd.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") #3
  call addrspace(1) void @in_as1()
  ret double %r
}

attributes #3 = { strictfp }

attributes #1 = { nounwind }
attributes #2 = { builtin }

!llvm.dbg.cu = !{!25}
!llvm.module.flags = !{!12, !13}

!0 = !{}
!1 = distinct !{}
!2 = !{!"auto-init"}
!3 = !{!16, !16, i64 0}
!4 = !{i64 8}
!5 = !{i32 0, i32 10}
!6 = !{!17}
!7 = !{i32 1}
!8 = distinct !{!8, !9}
!9 = !{!"llvm.loop.unroll.disable"}
!10 = !{!"branch_weights", i32 1, i32 2000}
!11 = !DILocalVariable(name: "x", arg: 1, scope: !18, file: !19, line: 1, type: !22)
!12 = !{i32 2, !"Debug Info Version", i32 3}
!13 = !{i32 7, !"Dwarf Version", i32 5}
!14 = !DILocation(line: 1, column: 1, scope: !18)
!15 = !{i64 1234}
!16 = !{!"int", !23, i64 0}
!17 = distinct !{!17, !24, !"scope"}
!18 = distinct !DISubprogram(name: "calls", scope: !19, file: !19, line: 1, type: !20, spFlags: DISPFlagDefinition, unit: !25)
!19 = !DIFile(filename: "i.c", directory: "/")
!20 = !DISubroutineType(types: !21)
!21 = !{null}
!22 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!23 = !{!"omnipotent char", !26, i64 0}
!24 = distinct !{!24, !"domain"}
!25 = distinct !DICompileUnit(language: DW_LANG_C11, file: !19, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!26 = !{!"Simple C/C++ TBAA"}
