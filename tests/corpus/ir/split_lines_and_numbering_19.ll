; LLVM: 19
; Found by probing with hand-written, lit-style IR: lists that continue on
; the next line, out-of-range i1 constants, and numbered globals declared
; before numbered variables (which must keep increasing in the output).

declare void @0()
@1 = global i1 2
@2 = global i1 -2

@g = global i32 0,
     align 4

declare void @byval_spaced(ptr byval (i32) align 4)
declare void @split_attrs(ptr noalias
                          nocapture)

define i32 @continued(ptr %p, i32 %x) {
  %b = load i32, ptr %p,
       align 4
  %a = add nuw
       nsw i32 %x, %b
  call void @0()
  store i1 true, ptr @1
  ret i32 %a,
     !my.kind !0
}

!0 = !{}
