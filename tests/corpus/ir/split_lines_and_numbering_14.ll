; LLVM: 14
; The typed-pointer twin of split_lines_and_numbering_19.ll.

declare void @0()
@1 = global i1 2

@g = global i32 0,
     align 4

declare void @split_attrs(i32* noalias
                          nocapture)

define i32 @continued(i32* %p, i32 %x) {
  %b = load i32, i32* %p,
       align 4
  %a = add nuw
       nsw i32 %x, %b
  call void @0()
  store i1 true, i1* @1
  ret i32 %a,
     !my.kind !0
}

!0 = !{}
