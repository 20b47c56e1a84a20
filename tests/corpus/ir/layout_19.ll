; LLVM: 19
; Layout freedom that hand-written tests use: instructions and constants
; split over several lines, comments between any two tokens, tabs, blank
; lines, no space after commas, attribute groups and metadata out of order,
; declarations after their uses, and no newline at the end of the file.

target triple="x86_64-unknown-linux-gnu"   ; no spaces around "="
%T = type {i32,ptr}  ; compact

@g = global [3 x i32] [ ; elements follow
  i32 1,               ; first
  i32 2,
  i32 3                ; last
], align 4

@s = global %T {
	i32 7,
	ptr @g
}

define i32 @spread(
    i32 %a,     ; first parameter
    ptr %p      ; second parameter
) #1 {
entry:  ; label comment
	%x = add	i32	%a,	1
  %y = call i32 @later(
         i32 %x,   ; an argument
         ptr %p
       ) #0
  %z = getelementptr inbounds %T,ptr %p,i64 0,i32 1
  switch i32 %y, label %done [ ; cases
    i32 0, label %zero   ; first case
    i32 1, label %done
  ]


zero:
  %w = select i1 true,
              i32 %x,
              i32 %y
  br label %done

done:
  %r = phi i32 [ %y, %entry ], ; from entry
               [ %w, %zero ],
               [ %y, %entry ]
  ret i32 %r
}

define void @hdr_comment() ; comment before the body
{
  ret void
}

declare i32 @later(i32, ptr)

!0 = !{!1}
!1 = !{!"leaf"}
!named = !{!0}

attributes #1 = { nounwind }
attributes #0 = { cold }