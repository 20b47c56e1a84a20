; LLVM: 14
; LLVM 14 forms easy to miss: a block named `ptr` (not an opaque pointer),
; blocks named like keywords, freeze/fneg/poison, alloca swifterror,
; fast-math fcmp with hex literals, blockaddress in a return, nontemporal.

%T = type { i32 }
@p = global %T* null
@g = global i32 0

define void @labels(i1 %c) {
entry:
  br i1 %c, label %ptr, label %to
ptr:
  store i32 1, i32* @g
  br label %x
to:
  br label %x
x:
  %r = phi %T** [ @p, %ptr ], [ null, %to ]
  ret void
}

define i32 @f14(i32 %x, float %f) {
  %a = freeze i32 %x
  %b = fneg fast float %f
  %c = add i32 %a, poison
  %s = alloca swifterror i8*, align 8
  %d = call float @llvm.fabs.f32(float %f) #0
  %e = fcmp nnan oeq float %d, 0x7FF0000000000000
  ret i32 %c
}

define i8* @blockaddr14() {
entry:
  br label %l
l:
  ret i8* blockaddress(@blockaddr14, %l)
}

declare float @llvm.fabs.f32(float)
declare i8* @llvm.stacksave()
declare void @llvm.stackrestore(i8*)

define void @stack(i8* %p) {
  %sp = call i8* @llvm.stacksave()
  call void @llvm.stackrestore(i8* %sp)
  %q = getelementptr inbounds i8, i8* %p, i64 -1
  %w = load i8, i8* %q, align 1, !nontemporal !0
  ret void
}

attributes #0 = { readnone nounwind }
!0 = !{i32 1}
