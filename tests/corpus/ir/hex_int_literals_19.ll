; LLVM: 19
; Integer constants written as u0x / s0x hex literals. An s0x literal keeps
; only the digits' active bits and reads the top one as the sign, so s0x10
; is -16 and s0x3 is -1, whatever the width of the type; u0x is unsigned.

@neg16 = global i64 s0x10
@neg1.small = global i8 s0x3
@neg1.wide = global i32 s0xFFFF
@lead.zero = global i32 s0x00F0
@narrow = global i4 s0x18
@zero = global i16 s0x0
@top = global i64 s0x8000000000000000
@unsigned = global i8 u0xF0
@unsigned.wide = global i128 u0xFFFFFFFFFFFFFFFFFF
@vec = global <3 x i16> <i16 s0x5, i16 u0x5, i16 s0x7FFF>

define i32 @use(i32 %x) {
entry:
  %a = add i32 %x, s0x6
  %b = xor i32 %a, u0x80000000
  %c = icmp sgt i32 %b, s0x1F
  %d = select i1 %c, i32 s0x2A, i32 %b
  ret i32 %d
}
