; LLVM: 14
; Values and blocks without names: instructions whose results are never
; named, unlabeled blocks following terminators (dead code as hand-written
; tests have it), and later references to the implicit numbers.

declare i32 @get()
declare void @use(i32)
declare i32 @pers(...)

define i32 @implicit(i32) {
  call i32 @get()
  add i32 %0, %2
  br label %4

4:
  call i32 @get()
  br i1 true, label %6, label %8
  mul i32 %5, %3
  unreachable
  ret i32 %5

named:
  call i32 @get()
  ret i32 %9
}

define void @after_terminators(i8 %v) personality i32 (...)* @pers {
  br label %exit
  br label %exit
  switch i8 %v, label %exit [
    i8 0, label %exit
  ]
  invoke void @use(i32 1)
          to label %exit unwind label %lp
lp:
  landingpad { i8*, i32 } cleanup
  resume { i8*, i32 } %4
  resume { i8*, i32 } undef
exit:
  ret void
}

define i32 @phis(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  add i32 1, 2
  br label %b
b:
  phi i32 [ 0, %entry ], [ %0, %a ]
  add i32 %1, 1
  call void @use(i32 %2)
  ret i32 %2
}
