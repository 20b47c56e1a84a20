; LLVM: 19
; Integer instructions with every flag LLVM 19 prints (nuw, nsw, exact,
; disjoint, nneg), integers of odd and large widths, i1 logic, every icmp
; predicate, and integer constants in decimal and in hex (u0x/s0x).

define i1 @bool_logic(i1 %a, i1 %b) {
  %x = xor i1 %a, true
  %y = and i1 %x, %b
  %z = or i1 %y, false
  %w = select i1 %z, i1 %a, i1 false
  ret i1 %w
}

define i128 @wide(i128 %a, i128 %b) {
  %s = add nuw nsw i128 %a, 170141183460469231731687303715884105727
  %m = mul i128 %s, -170141183460469231731687303715884105728
  %d = udiv exact i128 %m, %b
  %h = lshr i128 %d, 64
  %x = xor i128 %h, u0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF
  ret i128 %x
}

define i7 @odd_widths(i7 %a, i33 %b, i1 %c, i24 %d) {
  %t = trunc nuw nsw i33 %b to i7
  %u = add nsw i7 %a, %t
  %z = zext nneg i7 %u to i64
  %s = sext i1 %c to i7
  %v = sub nuw i7 %u, %s
  %e = zext i24 %d to i33
  %f = shl nuw nsw i33 %e, 9
  %g = ashr exact i33 %f, 2
  %big = zext i33 %g to i999
  %back = trunc i999 %big to i7
  %r = urem i7 %v, %back
  ret i7 %r
}

define i32 @all_binops(i32 %a, i32 %b) {
  %1 = add i32 %a, %b
  %2 = add nuw i32 %1, 1
  %3 = add nsw i32 %2, -1
  %4 = sub nuw nsw i32 %3, %a
  %5 = mul nuw i32 %4, 3
  %6 = udiv i32 %5, %b
  %7 = udiv exact i32 %6, 2
  %8 = sdiv i32 %7, -3
  %9 = sdiv exact i32 %8, 4
  %10 = urem i32 %9, 7
  %11 = srem i32 %10, -7
  %12 = shl i32 %11, 1
  %13 = shl nsw i32 %12, 2
  %14 = lshr exact i32 %13, 1
  %15 = ashr i32 %14, 31
  %16 = and i32 %15, 255
  %17 = or disjoint i32 %16, 256
  %18 = or i32 %17, %a
  %19 = xor i32 %18, -1
  ret i32 %19
}

define void @icmps(i32 %a, i32 %b, ptr %p, ptr %q, <4 x i8> %v) {
  %eq = icmp eq i32 %a, %b
  %ne = icmp ne i32 %a, 0
  %ugt = icmp ugt i32 %a, %b
  %uge = icmp uge i32 %a, %b
  %ult = icmp ult i32 %a, %b
  %ule = icmp ule i32 %a, %b
  %sgt = icmp sgt i32 %a, -1
  %sge = icmp sge i32 %a, %b
  %slt = icmp slt i32 %a, %b
  %sle = icmp sle i32 %a, %b
  %pe = icmp eq ptr %p, null
  %pu = icmp ult ptr %p, %q
  %ve = icmp ne <4 x i8> %v, zeroinitializer
  %vs = icmp sgt <4 x i8> %v, <i8 1, i8 -2, i8 3, i8 -4>
  ret void
}

define i64 @casts(i64 %x, ptr %p, ptr addrspace(1) %g) {
  %t8 = trunc i64 %x to i8
  %t1 = trunc nuw i64 %x to i1
  %z = zext nneg i8 %t8 to i32
  %s = sext i8 %t8 to i64
  %pi = ptrtoint ptr %p to i64
  %ip = inttoptr i64 %pi to ptr
  %pa = ptrtoint ptr addrspace(1) %g to i32
  %ac = addrspacecast ptr addrspace(1) %g to ptr
  %bc = bitcast <2 x i32> <i32 1, i32 2> to i64
  %bv = bitcast i64 %x to <8 x i8>
  %vz = zext nneg <8 x i8> %bv to <8 x i16>
  %sum = add i64 %s, %bc
  ret i64 %sum
}

define i32 @constants() {
  %a = add i32 0, -2147483648
  %b = add i32 %a, 2147483647
  %c = add i32 %b, u0x7fffffff
  %d = add i32 %c, s0xFFFFFFFF
  %e = add i8 -128, 127
  %f = add i16 65535, 1
  ret i32 %d
}
