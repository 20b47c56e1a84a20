; LLVM: 19
; Constants LLVM 19 still accepts: integer and pointer constant expressions,
; aggregates nested several levels, c-strings with every escape, blockaddress,
; dso_local_equivalent, no_cfi, splat, constants used as instruction operands.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%pair = type { i32, ptr }
%packed = type <{ i8, i64 }>
%deep = type { [2 x { i8, <2 x i16> }], %packed }

@base = global [16 x i8] zeroinitializer
@str.escapes = constant [12 x i8] c"a\00\01\7F\80\FF\22\5C\0A\09z\00"
@str.plain = private unnamed_addr constant [14 x i8] c"Hello, World!\00"
@str.empty = constant [0 x i8] zeroinitializer
@str.utf8 = constant [5 x i8] c"\C3\A9t\C3\A9"
@ce.add = global i64 add (i64 ptrtoint (ptr @base to i64), i64 16)
@ce.sub = global i64 sub nuw nsw (i64 ptrtoint (ptr @str.plain to i64), i64 ptrtoint (ptr @base to i64))
@ce.mul = global i64 mul (i64 ptrtoint (ptr @base to i64), i64 2)
@ce.xor = global i64 xor (i64 ptrtoint (ptr @base to i64), i64 -1)
@ce.trunc = global i32 trunc (i64 ptrtoint (ptr @base to i64) to i32)
@ce.i2p = global ptr inttoptr (i64 add (i64 ptrtoint (ptr @base to i64), i64 1) to ptr)
@ce.asc = global ptr addrspace(1) addrspacecast (ptr @base to ptr addrspace(1))
@ce.bitcast.vec = global <2 x i32> bitcast (i64 ptrtoint (ptr @base to i64) to <2 x i32>)
@ce.gep = global ptr getelementptr (i8, ptr @base, i64 3)
@ce.gep.nested = global ptr getelementptr inbounds (%deep, ptr @deep, i64 0, i32 0, i64 1, i32 1, i64 1)
@ce.ee = global i64 extractelement (<2 x i64> <i64 ptrtoint (ptr @base to i64), i64 0>, i32 0)
@ce.ie = global <2 x ptr> insertelement (<2 x ptr> zeroinitializer, ptr @base, i32 1)
@ce.sv = global <4 x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> <i32 3, i32 4>, <4 x i32> <i32 3, i32 2, i32 1, i32 0>)
@deep = global %deep { [2 x { i8, <2 x i16> }] [{ i8, <2 x i16> } { i8 1, <2 x i16> <i16 2, i16 3> }, { i8, <2 x i16> } zeroinitializer], %packed <{ i8 4, i64 5 }> }
@pairs = global [2 x %pair] [%pair { i32 1, ptr @base }, %pair { i32 2, ptr getelementptr (i8, ptr @base, i64 8) }]
@anon.struct = global { i1, i2, i3, i128 } { i1 true, i2 -1, i3 3, i128 -1 }
@anon.packed = global <{ i8, [2 x half] }> <{ i8 0, [2 x half] [half 0xH3C00, half 0xH4000] }>
@undefs = global { i32, float, ptr } { i32 undef, float poison, ptr null }
@arr.undef = global [2 x i32] undef
@arr.poison = global [2 x i32] poison
@vec.mixed = global <4 x i32> <i32 1, i32 poison, i32 undef, i32 -1>
@empty.struct = global {} zeroinitializer
@empty.struct2 = global {} {}
@nested.empty = global { {}, [0 x i32] } zeroinitializer
@fn.table = constant [3 x ptr] [ptr @target, ptr dso_local_equivalent @target, ptr no_cfi @target]
@fn.reloc = constant i32 trunc (i64 sub (i64 ptrtoint (ptr dso_local_equivalent @ext.fn to i64), i64 ptrtoint (ptr @fn.reloc to i64)) to i32)
@labels = global [2 x ptr] [ptr blockaddress(@target, %one), ptr blockaddress(@target, %two)]
@label.int = global i64 ptrtoint (ptr blockaddress(@target, %two) to i64)
@splats = global { <4 x i32>, <2 x float> } { <4 x i32> splat (i32 -1), <2 x float> splat (float 0.5) }

declare void @ext.fn()

define void @target(i1 %c) {
entry:
  br i1 %c, label %one, label %two
one:
  ret void
two:
  ret void
}

define i64 @const_operands(ptr %p) {
  %a = add i64 ptrtoint (ptr @base to i64), 1
  %b = getelementptr i8, ptr getelementptr (i8, ptr @base, i64 4), i64 %a
  %c = icmp eq ptr %b, getelementptr inbounds ([16 x i8], ptr @base, i64 0, i64 15)
  %d = select i1 %c, ptr blockaddress(@target, %one), ptr null
  %e = insertvalue %pair { i32 0, ptr null }, ptr %d, 1
  %f = extractvalue { i32, { i64, [2 x i8] } } { i32 1, { i64, [2 x i8] } { i64 2, [2 x i8] c"ab" } }, 1, 1, 0
  %g = zext i8 %f to i64
  store %pair { i32 3, ptr @base }, ptr %p
  store [2 x i16] [i16 1, i16 2], ptr %p
  store <{ i8, i64 }> <{ i8 1, i64 2 }>, ptr %p
  call void @ext.fn() [ "deopt"(i32 0, ptr dso_local_equivalent @ext.fn) ]
  ret i64 %g
}
