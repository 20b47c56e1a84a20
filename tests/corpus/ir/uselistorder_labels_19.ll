; LLVM: 19
; Use-list order directives inside a function body. The directives on
; labels decide the order of a block's predecessors (shown by `opt -S` in
; the `; preds =` comments); those on values and constants only affect
; in-memory use lists. Also a module-level directive on a constant.

@counter = global i16 3
@other = global i16 3

define i16 @loop(i16 %n, i1 %flag) {
start:
  br i1 %flag, label %0, label %head

head:
  %acc = phi i16 [ 0, %start ], [ %next, %head ], [ %twice, %0 ]
  %next = add i16 %acc, %n
  %done = icmp ugt i16 %next, 100
  br i1 %done, label %0, label %head

0:
  %twice = shl i16 %n, 1
  %stop = icmp eq i16 %twice, 0
  br i1 %stop, label %out, label %head

out:
  ret i16 %twice

  uselistorder label %head, { 2, 0, 1 }
  uselistorder label %0, { 1, 0 }
  uselistorder i16 %n, { 1, 0 }
}

define void @single(ptr %p) {
entry:
  br label %a
a:
  %v = load i16, ptr %p
  %c = icmp eq i16 %v, 7
  br i1 %c, label %b, label %a
b:
  ret void
  uselistorder label %a, { 1, 0 }
}

uselistorder i16 3, { 1, 0 }
