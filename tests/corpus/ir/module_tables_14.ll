; LLVM: 14
; Module tables in typed-pointer IR: llvm.global_ctors, llvm.used and
; llvm.compiler.used with bitcast entries, typed values inside metadata
; (nvvm.annotations style), TBAA, and a module-level uselistorder.
%struct.ctor = type { i32, void ()*, i8* }
@g = global i32 0, !type !3
@llvm.global_ctors = appending global [2 x %struct.ctor] [%struct.ctor { i32 65535, void ()* @init, i8* null }, %struct.ctor { i32 1, void ()* @init, i8* bitcast (i32* @g to i8*) }]
@llvm.used = appending global [2 x i8*] [i8* bitcast (void ()* @init to i8*), i8* bitcast (i32* @g to i8*)], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x i8*] [i8* bitcast (i32* @g to i8*)], section "llvm.metadata"

define void @init() {
  %v = load i32, i32* @g, !tbaa !5
  store i32 %v, i32* @g, !tbaa !5
  ret void
}

uselistorder i32* @g, { 1, 2, 0 }

!nvvm.annotations = !{!0, !1}
!0 = !{void ()* @init, !"kernel", i32 1}
!1 = !{i32* @g, !"managed", i32 1}
!2 = !{i8* bitcast (i32* @g to i8*), i64 4}
!3 = !{i64 0, !"int"}
!4 = !{!"omnipotent char", !6, i64 0}
!5 = !{!7, !7, i64 0}
!6 = !{!"Simple C/C++ TBAA"}
!7 = !{!"int", !4, i64 0}
