; LLVM: 14
; Idioms of hand-written lit tests in LLVM 14 syntax: scalar
; zeroinitializer and -0 literals, a space before a parameter list, `ccN`
; without a space, named parameters on declarations, prefix and prologue
; data on declarations, integer personalities, landingpad clauses on their
; own lines between comments, bundles and labels on one invoke line, and
; metadata defined between functions.

target datalayout = "E"

@zero.i32 = constant i32 zeroinitializer
@neg.zero = constant [2 x i8] [i8 -0, i8 7]
@halfs = constant [2 x half] [half -0.0, half 1.0]
@late.init = external externally_initialized global i64

declare void @spaced (i32)
declare cc11 void @cc.nospace()
declare cc1023 void @cc.large()
declare i8* @named.params(i8* %base, i32 %offset)
declare void @with.prefix() prefix [2 x i16] [i16 1, i16 2] prologue i8 -112
declare void @nothing() nounwind
declare void @bundled()

define void @int.personality(i32 %n) personality i16 7 {
 entry:
  invoke void @nothing() to label %done unwind label %pad.a
  invoke void @bundled() [ "tag"(i32 %n), "other"(float  1.0) ] to label %done unwind label %pad.b

pad.a:
  landingpad i16
    ; first the cleanup flag
    cleanup
    ; then a catch-all
    catch i8* null
  br label %done

pad.b:
  landingpad i16
    filter [1 x i8*] zeroinitializer
  br label %done

done:
  ret void
}

!0 = !{!"between functions"}

define i8* @uses.named(i8* %p) {
  %r = call i8* @named.params(i8* %p, i32 4), !annotation !0
  call cc11 void @cc.nospace()
  call void @spaced (i32 1)
  ret i8* %r
}
