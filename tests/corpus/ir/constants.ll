; LLVM: 19
; Constants in opaque-pointer IR: integers of any width, floats in decimal and
; every hex form, strings, aggregates, vectors, special values and the
; constant expressions LLVM 19 still has.

%struct.T = type { i8, i16, i32, i64, float, double, ptr, [2 x i8], <2 x float> }

@i1t = global i1 true
@i1f = global i1 false
@i8n = global i8 -128
@i16 = global i16 65535
@i64min = global i64 -9223372036854775808
@i128 = global i128 -170141183460469231731687303715884105728
@i7 = global i7 -1
@i1000 = global i1000 12345678901234567890123456789
@f_dec = global float 0x3FB99999A0000000
@d_dec = global double 3.000000e+00
@d_negzero = global double -0.000000e+00
@d_plain = global double 1.5
@d_exp = global double 1.000000e-300
@d_hex = global double 0x3FF0000000000000
@d_inf = global double 0x7FF0000000000000
@d_nan = global double 0x7FF8000000000000
@h = global half 0xH3C00
@bf = global bfloat 0xR3F80
@ld = global x86_fp80 0xK3FFF8000000000000000
@q = global fp128 0xL00000000000000003FFF000000000000
@ppc = global ppc_fp128 0xM3FF00000000000000000000000000000
@str = global [12 x i8] c"tab\09nl\0Aq\22\5C\00\FF"
@empty_str = global [0 x i8] zeroinitializer
@arr = global [3 x i32] [i32 1, i32 -2, i32 3]
@arr_nested = global [2 x [2 x double]] [[2 x double] [double 1.0, double 2.0], [2 x double] zeroinitializer]
@st = global %struct.T { i8 1, i16 2, i32 3, i64 4, float 5.000000e+00, double 6.0, ptr null, [2 x i8] c"ab", <2 x float> <float 1.0, float 2.0> }
@lit = global { i32, { ptr, i8 } } { i32 1, { ptr, i8 } { ptr @arr, i8 2 } }
@packed = global <{ i8, i32 }> <{ i8 1, i32 2 }>
@vec = global <4 x i32> <i32 0, i32 1, i32 2, i32 3>
@vec_undef = global <2 x i8> <i8 undef, i8 poison>
@vec_splat = global <4 x float> splat (float 1.000000e+00)
@vec_zero = global <8 x i16> zeroinitializer
@ptr_null = global ptr null
@ptr_as = global ptr addrspace(1) null
@u = global i32 undef
@p = global i32 poison
@gep = global ptr getelementptr inbounds ([3 x i32], ptr @arr, i64 0, i64 1)
@gep_i8 = global ptr getelementptr (i8, ptr @arr, i64 4)
@gep_nuw = global ptr getelementptr inbounds nuw (i8, ptr @arr, i64 8)
@gep_inrange = global ptr getelementptr inbounds inrange(-8, 16) ({ [4 x ptr] }, ptr @vt, i32 0, i32 0, i32 2)
@vt = constant { [4 x ptr] } { [4 x ptr] [ptr null, ptr null, ptr @fn, ptr dso_local_equivalent @fn] }
@p2i = global i64 ptrtoint (ptr @arr to i64)
@i2p = global ptr inttoptr (i64 4096 to ptr)
@asc = global ptr addrspace(1) addrspacecast (ptr @arr to ptr addrspace(1))
@trunc = global i32 trunc (i64 ptrtoint (ptr @arr to i64) to i32)
@add = global i64 add (i64 ptrtoint (ptr @arr to i64), i64 8)
@sub = global i64 sub nsw (i64 ptrtoint (ptr @arr to i64), i64 ptrtoint (ptr @st to i64))
@xor = global i64 xor (i64 ptrtoint (ptr @arr to i64), i64 -1)
@mul = global i64 mul nuw (i64 ptrtoint (ptr @arr to i64), i64 2)
@ee = global i32 extractelement (<2 x i32> <i32 1, i32 2>, i32 ptrtoint (ptr @arr to i32))
@ie = global <2 x i32> insertelement (<2 x i32> zeroinitializer, i32 ptrtoint (ptr @arr to i32), i32 0)
@sv = global <2 x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> poison, <2 x i32> <i32 1, i32 0>)
@ba = global ptr blockaddress(@fn, %bb)
@nocfi = global ptr no_cfi @fn
@dle = global ptr dso_local_equivalent @fn
@tok_holder = global ptr @fn

define void @fn() {
entry:
  br label %bb

bb:
  ret void
}

declare token @llvm.call.preallocated.setup(i32)
declare ptr @llvm.call.preallocated.arg(token, i32)

define void @tokens() {
  %t = call token @llvm.call.preallocated.setup(i32 1)
  %a = call ptr @llvm.call.preallocated.arg(token %t, i32 0) preallocated(i32)
  ret void
}
