; LLVM: 19
; Floating point: every fast-math flag alone and combined, on arithmetic,
; fneg, fcmp, select, phi and calls; every fcmp predicate; literals in every
; format (decimal, exponent, 0x double bits, 0xK x86_fp80, 0xL fp128,
; 0xM ppc_fp128, 0xH half, 0xR bfloat), special values and vector FP.

target triple = "x86_64-unknown-linux-gnu"

define float @fmf_each(float %a, float %b) {
  %1 = fadd nnan float %a, %b
  %2 = fsub ninf float %1, %b
  %3 = fmul nsz float %2, %a
  %4 = fdiv arcp float %3, %b
  %5 = frem contract float %4, %a
  %6 = fadd afn float %5, %b
  %7 = fadd reassoc float %6, %a
  %8 = fadd fast float %7, %b
  %9 = fmul reassoc nnan ninf nsz arcp contract afn float %8, %8
  %10 = fneg float %9
  %11 = fneg nnan nsz float %10
  ret float %11
}

define i1 @fcmps(double %a, double %b) {
  %f = fcmp false double %a, %b
  %oeq = fcmp oeq double %a, %b
  %ogt = fcmp ogt double %a, %b
  %oge = fcmp oge double %a, %b
  %olt = fcmp olt double %a, %b
  %ole = fcmp ole double %a, %b
  %one = fcmp one double %a, %b
  %ord = fcmp ord double %a, 0.0
  %ueq = fcmp ueq double %a, %b
  %ugt = fcmp ugt double %a, %b
  %uge = fcmp uge double %a, %b
  %ult = fcmp ult double %a, %b
  %ule = fcmp ule double %a, %b
  %une = fcmp une double %a, %b
  %uno = fcmp uno double %a, %a
  %t = fcmp true double %a, %b
  %fm = fcmp nnan ninf olt double %a, %b
  %ff = fcmp fast ugt double %a, 1.0
  ret i1 %ff
}

define float @fmf_select_phi(i1 %c, float %a, float %b) {
entry:
  %s = select nnan nsz i1 %c, float %a, float %b
  br i1 %c, label %l, label %r
l:
  br label %m
r:
  br label %m
m:
  %p = phi fast float [ %s, %l ], [ 0.0, %r ]
  %q = phi nnan ninf float [ %a, %l ], [ %b, %r ]
  %c1 = call afn float @llvm.sqrt.f32(float %p)
  %c2 = call reassoc contract float @llvm.fma.f32(float %c1, float %q, float 1.0)
  ret float %c2
}

define void @literals(ptr %p) {
  store half 0xH3C00, ptr %p
  store half 0xH7C00, ptr %p
  store half -0.0, ptr %p
  store bfloat 0xR3F80, ptr %p
  store bfloat 0xRFF80, ptr %p
  store float 1.0, ptr %p
  store float -2.5e+03, ptr %p
  store float 0x3FB99999A0000000, ptr %p
  store float 0x7FF0000000000000, ptr %p
  store float 0xFFF0000000000000, ptr %p
  store float 0x7FF8000000000000, ptr %p
  store double 1.000000e-300, ptr %p
  store double 0x0000000000000001, ptr %p
  store double 0x7FEFFFFFFFFFFFFF, ptr %p
  store double 0x7FF4000000000001, ptr %p
  store double 123456789.0, ptr %p
  store double 5.0E-1, ptr %p
  store double +3.25, ptr %p
  store x86_fp80 0xK3FFF8000000000000000, ptr %p
  store x86_fp80 0xK7FFFC000000000000000, ptr %p
  store fp128 0xL00000000000000003FFF000000000000, ptr %p
  store fp128 0xL00000000000000007FFF800000000000, ptr %p
  store ppc_fp128 0xM3FF00000000000000000000000000000, ptr %p
  store ppc_fp128 0xM400000000000000000000000000000000, ptr %p
  store <2 x double> <double 1.0, double 0x7FF8000000000000>, ptr %p
  store <4 x half> <half 0xH0000, half 0xH8000, half 0xH3C00, half 0xHFC00>, ptr %p
  ret void
}

define <4 x float> @vector_fp(<4 x float> %a, <4 x float> %b, <4 x double> %d) {
  %1 = fadd nsz <4 x float> %a, %b
  %2 = fmul fast <4 x float> %1, <float 1.0, float 2.0, float 0.5, float 0.25>
  %3 = fneg <4 x float> %2
  %4 = fcmp ord <4 x float> %3, zeroinitializer
  %5 = select <4 x i1> %4, <4 x float> %3, <4 x float> %a
  %6 = fptrunc <4 x double> %d to <4 x float>
  %7 = fadd <4 x float> %5, %6
  ret <4 x float> %7
}

define double @conversions(half %h, bfloat %bf, x86_fp80 %x, fp128 %q, ppc_fp128 %pp, i32 %i) {
  %1 = fpext half %h to double
  %2 = fpext bfloat %bf to float
  %3 = fptrunc x86_fp80 %x to double
  %4 = fptrunc fp128 %q to float
  %5 = fptrunc ppc_fp128 %pp to double
  %6 = sitofp i32 %i to half
  %7 = uitofp nneg i32 %i to double
  %8 = fptosi double %1 to i16
  %9 = fptoui float %2 to i64
  %10 = bitcast half %6 to i16
  %11 = bitcast bfloat %bf to i16
  %12 = fadd fast double %1, %3
  %13 = fadd double %12, %5
  ret double %13
}

declare float @llvm.sqrt.f32(float)
declare float @llvm.fma.f32(float, float, float)
