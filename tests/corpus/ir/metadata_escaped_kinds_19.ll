; LLVM: 19
; Attachment kinds spelled with backslash escapes (a kind whose name starts
; with a digit must be escaped), on instructions, terminators, globals and
; function definitions and declarations.

@flagged = global i8 1, !\31st.kind !0

declare !\32nd !1 void @callee()

define void @user(ptr %p) !\33rd.fn !1 {
entry:
  %x = load i8, ptr %p, align 1, !my\2ekind !0, !\39nine !1
  call void @callee(), !\34\30x !0
  store i8 %x, ptr %p, align 1, !plain !1
  ret void, !\35end !0
}

define i8 @trap() {
  unreachable, !\36six !1
}

!0 = !{}
!1 = distinct !{}
