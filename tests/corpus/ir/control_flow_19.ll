; LLVM: 19
; Terminators and block structure: switch with many cases and none,
; indirectbr with blockaddress, callbr (asm goto), unreachable, implicitly
; numbered blocks and values mixed with named ones, phis with many incoming
; edges and repeated predecessors, forward references, freeze.

define i32 @switches(i32 %x, i8 %y) {
entry:
  switch i32 %x, label %default [
    i32 0, label %zero
    i32 1, label %one
    i32 -1, label %one
    i32 2147483647, label %zero
  ]

zero:
  switch i8 %y, label %default []

one:
  switch i8 %y, label %default [ i8 5, label %zero i8 -128, label %default ]

default:
  %p = phi i32 [ 0, %entry ], [ 1, %zero ], [ 2, %one ], [ 2, %one ]
  ret i32 %p
}

define void @indirect(i32 %i) {
entry:
  %t = getelementptr inbounds [3 x ptr], ptr @tbl, i32 0, i32 %i
  %a = load ptr, ptr %t
  indirectbr ptr %a, [label %l1, label %l2, label %l3]

l1:
  indirectbr ptr blockaddress(@indirect, %l2), [label %l2]

l2:
  br label %l3

l3:
  ret void
}

@tbl = constant [3 x ptr] [ptr blockaddress(@indirect, %l1), ptr blockaddress(@indirect, %l2), ptr blockaddress(@indirect, %l3)]

define i32 @asm_goto(i32 %x) {
entry:
  callbr void asm "jmp ${0:l}", "!i"()
          to label %fallthrough [label %indirect]

fallthrough:
  %r = callbr i32 asm "", "=r,r,!i,!i"(i32 %x)
          to label %done [label %indirect, label %other]

indirect:
  br label %done

other:
  unreachable

done:
  %v = phi i32 [ %r, %fallthrough ], [ 0, %indirect ]
  ret i32 %v
}

define i32 @numbered(i32 %0, i32) {
  %3 = add i32 %0, %1
  br label %4

4:
  %5 = phi i32 [ %3, %2 ], [ %7, %6 ]
  %cond = icmp slt i32 %5, 10
  br i1 %cond, label %6, label %9

6:
  %7 = add nsw i32 %5, 1
  %8 = freeze i32 %7
  br label %4

9:
  ret i32 %5
}

define void @unnamed_blocks(i1 %c) {
  br i1 %c, label %1, label %2
1:
  br label %2
2:
  ret void
}

define i32 @forward_refs(i1 %c) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %acc = phi i32 [ 1, %entry ], [ %mul, %latch ]
  br i1 %c, label %latch, label %exit

latch:
  %next = add i32 %i, 1
  %mul = mul i32 %acc, %next
  br label %loop

exit:
  %res = add i32 %acc, %i
  ret i32 %res
}

define i8 @freezes(i8 %x, <2 x i8> %v, ptr %p) {
  %a = freeze i8 %x
  %b = freeze i8 poison
  %c = freeze <2 x i8> %v
  %d = freeze ptr %p
  %e = freeze { i8, i8 } undef
  %f = add i8 %a, %b
  ret i8 %f
}

define void @unreachable_only() {
  unreachable
}

define void @self_loop() {
entry:
  br label %spin
spin:
  br label %spin
}
