; LLVM: 19
; Small forms easy to miss: forward references from aliases, initializers and
; blockaddress, alloca swifterror, string attributes on declarations,
; nofpclass(all), one-argument vscale_range, blockaddress of numbered
; blocks, lower-case hex floats, switch on i1.
@a = alias i32, ptr @later
@b = global ptr @later.fn
@c = global ptr dso_local_equivalent @later.fn
@later = global i32 1
declare void @strattr() "foo" "bar"="baz" nounwind
declare void @fpc(float nofpclass(all), double nofpclass(nan inf zero sub norm))
declare void @vs() vscale_range(2)
declare void @vs2() vscale_range(1,0)
define void @later.fn() {
  %e = alloca swifterror ptr, align 8
  %e2 = alloca inalloca swifterror ptr
  ret void
}
define void @numbered_ba(i1 %c) {
  br i1 %c, label %1, label %2
1:
  store ptr blockaddress(@numbered_ba, %1), ptr null
  br label %2
2:
  indirectbr ptr blockaddress(@numbered_ba, %2), [label %1, label %2]
}
define void @lower_hex(ptr %p) {
  store double 0x3ff0000000000000, ptr %p
  store float 0x3fb99999a0000000, ptr %p
  ret void
}
define void @fwd_ba() {
  store ptr blockaddress(@after, %bb), ptr null
  ret void
}
define void @after() {
entry:
  br label %bb
bb:
  ret void
}
define void @switch_i1(i1 %c) {
  switch i1 %c, label %x [ i1 true, label %y ]
x:
  ret void
y:
  ret void
}
define ptr @retundef() {
  ret ptr undef
}
define void @ivg(ptr %p) {
  %v = load i32, ptr %p, !invariant.group !0
  ret void
}
!0 = !{}
