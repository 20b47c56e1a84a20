/* The floating-point runtime of enzyme-opt's truncation, on MPFR.

   Code truncated by `__enzyme_truncate_op_func`, `__enzyme_truncate_mem_func`
   or `--enzyme-truncate-all` calls one function per operation:

       __enzyme_fprt_<from>_<op>(operands..., int64_t exponent,
                                 int64_t significand, int64_t mode)

   <from> is the format the program computes in (64_52: double, 32_23:
   float); exponent and significand are the widths of the target format.
   Each operation is computed by MPFR with `significand` bits of precision
   (the exponent range is not restricted), rounding to nearest.

   mode & 2 (operation mode): operands and results are ordinary floats; an
   operation rounds its operands and its result to the target precision.
   mode & 1 (memory mode, doubles only): every double is a handle, the bits
   of a pointer to an MPFR number of the target precision; `new` makes one
   from a double, `get` reads one back, `const` makes one of a literal.
   Handles are never freed (`delete` frees one).

   Include this header in the program (`-include enzyme/fprt/mpfr.h`) and
   link with -lmpfr.  Every function is weak, so that several translation
   units may include it. */
#ifndef ENZYME_OPT_FPRT_MPFR_H
#define ENZYME_OPT_FPRT_MPFR_H

#include <mpfr.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#else
#include <stdbool.h>
#endif

#define __ENZYME_FPRT_API __attribute__((weak))
#define __ENZYME_FPRT_RND MPFR_RNDN

typedef struct { mpfr_t v; } __enzyme_fprt_number;

static inline mpfr_prec_t __enzyme_fprt_prec(int64_t significand) {
  return significand < MPFR_PREC_MIN ? MPFR_PREC_MIN : (mpfr_prec_t)significand;
}

static inline __enzyme_fprt_number *__enzyme_fprt_handle(double d) {
  __enzyme_fprt_number *p;
  memcpy(&p, &d, sizeof p);
  return p;
}

static inline double __enzyme_fprt_handle_bits(__enzyme_fprt_number *p) {
  double d;
  memcpy(&d, &p, sizeof d);
  return d;
}

/* An operand: a double (operation mode) or a handle (memory mode), as an
   MPFR number of the target precision. */
static inline void __enzyme_fprt_in_d(mpfr_t x, double a, int64_t s, int64_t mode) {
  mpfr_init2(x, __enzyme_fprt_prec(s));
  if (mode & 1)
    mpfr_set(x, __enzyme_fprt_handle(a)->v, __ENZYME_FPRT_RND);
  else
    mpfr_set_d(x, a, __ENZYME_FPRT_RND);
}

static inline void __enzyme_fprt_in_f(mpfr_t x, float a, int64_t s, int64_t mode) {
  if (mode & 1)
    abort(); /* a float cannot hold a handle */
  mpfr_init2(x, __enzyme_fprt_prec(s));
  mpfr_set_flt(x, a, __ENZYME_FPRT_RND);
}

/* A result (cleared here): a double, or a new handle in memory mode. */
static inline double __enzyme_fprt_out_d(mpfr_t r, int64_t s, int64_t mode) {
  if (mode & 1) {
    __enzyme_fprt_number *p =
        (__enzyme_fprt_number *)malloc(sizeof(__enzyme_fprt_number));
    mpfr_init2(p->v, __enzyme_fprt_prec(s));
    mpfr_set(p->v, r, __ENZYME_FPRT_RND);
    mpfr_clear(r);
    return __enzyme_fprt_handle_bits(p);
  }
  double d = mpfr_get_d(r, __ENZYME_FPRT_RND);
  mpfr_clear(r);
  return d;
}

static inline float __enzyme_fprt_out_f(mpfr_t r, int64_t s, int64_t mode) {
  (void)s;
  (void)mode;
  float f = mpfr_get_flt(r, __ENZYME_FPRT_RND);
  mpfr_clear(r);
  return f;
}

/* Handles (memory mode). */
__ENZYME_FPRT_API double __enzyme_fprt_64_52_new(double a, int64_t e, int64_t s,
                                                 int64_t mode) {
  (void)e;
  mpfr_t x;
  __enzyme_fprt_in_d(x, a, s, mode & ~(int64_t)1);
  return __enzyme_fprt_out_d(x, s, 1);
}

__ENZYME_FPRT_API double __enzyme_fprt_64_52_const(double a, int64_t e, int64_t s,
                                                   int64_t mode) {
  return __enzyme_fprt_64_52_new(a, e, s, mode);
}

__ENZYME_FPRT_API double __enzyme_fprt_64_52_get(double h, int64_t e, int64_t s,
                                                 int64_t mode) {
  (void)e, (void)s, (void)mode;
  return mpfr_get_d(__enzyme_fprt_handle(h)->v, __ENZYME_FPRT_RND);
}

__ENZYME_FPRT_API void __enzyme_fprt_64_52_delete(double h, int64_t e, int64_t s,
                                                  int64_t mode) {
  (void)e, (void)s, (void)mode;
  __enzyme_fprt_number *p = __enzyme_fprt_handle(h);
  mpfr_clear(p->v);
  free(p);
}

/* Operations, for doubles (64_52, suffix d) and floats (32_23, suffix f).
   In the bodies: r the result, x, y, z the operands, RND the rounding. */
#define RND __ENZYME_FPRT_RND
#define __ENZYME_FPRT_OP1(FMT, SFX, T, NAME, BODY)                                  \
  __ENZYME_FPRT_API T __enzyme_fprt_##FMT##_##NAME(T a, int64_t e, int64_t s,     \
                                                  int64_t mode) {                 \
    (void)e;                                                                      \
    mpfr_t x, r;                                                                  \
    __enzyme_fprt_in_##SFX(x, a, s, mode);                                        \
    mpfr_init2(r, __enzyme_fprt_prec(s));                                         \
    BODY;                                                                         \
    mpfr_clear(x);                                                                \
    return __enzyme_fprt_out_##SFX(r, s, mode);                                   \
  }
#define __ENZYME_FPRT_OP2(FMT, SFX, T, NAME, BODY)                                  \
  __ENZYME_FPRT_API T __enzyme_fprt_##FMT##_##NAME(T a, T b, int64_t e, int64_t s, \
                                                  int64_t mode) {                 \
    (void)e;                                                                      \
    mpfr_t x, y, r;                                                               \
    __enzyme_fprt_in_##SFX(x, a, s, mode);                                        \
    __enzyme_fprt_in_##SFX(y, b, s, mode);                                        \
    mpfr_init2(r, __enzyme_fprt_prec(s));                                         \
    BODY;                                                                         \
    mpfr_clear(x);                                                                \
    mpfr_clear(y);                                                                \
    return __enzyme_fprt_out_##SFX(r, s, mode);                                   \
  }
#define __ENZYME_FPRT_OP3(FMT, SFX, T, NAME, BODY)                                  \
  __ENZYME_FPRT_API T __enzyme_fprt_##FMT##_##NAME(T a, T b, T c, int64_t e,      \
                                                  int64_t s, int64_t mode) {      \
    (void)e;                                                                      \
    mpfr_t x, y, z, r;                                                            \
    __enzyme_fprt_in_##SFX(x, a, s, mode);                                        \
    __enzyme_fprt_in_##SFX(y, b, s, mode);                                        \
    __enzyme_fprt_in_##SFX(z, c, s, mode);                                        \
    mpfr_init2(r, __enzyme_fprt_prec(s));                                         \
    BODY;                                                                         \
    mpfr_clear(x);                                                                \
    mpfr_clear(y);                                                                \
    mpfr_clear(z);                                                                \
    return __enzyme_fprt_out_##SFX(r, s, mode);                                   \
  }
#define __ENZYME_FPRT_POWI(FMT, SFX, T, NAME)                                       \
  __ENZYME_FPRT_API T __enzyme_fprt_##FMT##_##NAME(T a, int32_t n, int64_t e,     \
                                                  int64_t s, int64_t mode) {      \
    (void)e;                                                                      \
    mpfr_t x, r;                                                                  \
    __enzyme_fprt_in_##SFX(x, a, s, mode);                                        \
    mpfr_init2(r, __enzyme_fprt_prec(s));                                         \
    mpfr_pow_si(r, x, n, RND);                                                    \
    mpfr_clear(x);                                                                \
    return __enzyme_fprt_out_##SFX(r, s, mode);                                   \
  }
/* An ordered comparison is false, an unordered one true, when a NaN is given. */
#define __ENZYME_FPRT_CMP(FMT, SFX, T, PRED, UNORDERED, TEST)                        \
  __ENZYME_FPRT_API bool __enzyme_fprt_##FMT##_fcmp_##PRED(T a, T b, int64_t e,   \
                                                          int64_t s, int64_t mode) { \
    (void)e;                                                                      \
    mpfr_t x, y;                                                                  \
    __enzyme_fprt_in_##SFX(x, a, s, mode);                                        \
    __enzyme_fprt_in_##SFX(y, b, s, mode);                                        \
    bool result = mpfr_unordered_p(x, y) ? (UNORDERED) : (mpfr_cmp(x, y) TEST);   \
    mpfr_clear(x);                                                                \
    mpfr_clear(y);                                                                \
    return result;                                                                \
  }

/* Each math function under its C name (sqrt, sqrtf) and as an LLVM
   intrinsic (llvm.sqrt.f64, llvm.sqrt.f32). */
#define __ENZYME_FPRT_MATH1(NAME, BODY)                                             \
  __ENZYME_FPRT_OP1(64_52, d, double, func_##NAME, BODY)                          \
  __ENZYME_FPRT_OP1(64_52, d, double, intr_llvm_##NAME##_f64, BODY)               \
  __ENZYME_FPRT_OP1(32_23, f, float, func_##NAME##f, BODY)                        \
  __ENZYME_FPRT_OP1(32_23, f, float, intr_llvm_##NAME##_f32, BODY)
#define __ENZYME_FPRT_MATH2(NAME, BODY)                                             \
  __ENZYME_FPRT_OP2(64_52, d, double, func_##NAME, BODY)                          \
  __ENZYME_FPRT_OP2(64_52, d, double, intr_llvm_##NAME##_f64, BODY)               \
  __ENZYME_FPRT_OP2(32_23, f, float, func_##NAME##f, BODY)                        \
  __ENZYME_FPRT_OP2(32_23, f, float, intr_llvm_##NAME##_f32, BODY)
#define __ENZYME_FPRT_BINOP(NAME, BODY)                                             \
  __ENZYME_FPRT_OP2(64_52, d, double, binop_##NAME, BODY)                         \
  __ENZYME_FPRT_OP2(32_23, f, float, binop_##NAME, BODY)
#define __ENZYME_FPRT_FCMP(PRED, UNORDERED, TEST)                                   \
  __ENZYME_FPRT_CMP(64_52, d, double, PRED, UNORDERED, TEST)                      \
  __ENZYME_FPRT_CMP(32_23, f, float, PRED, UNORDERED, TEST)

__ENZYME_FPRT_BINOP(fadd, mpfr_add(r, x, y, RND))
__ENZYME_FPRT_BINOP(fsub, mpfr_sub(r, x, y, RND))
__ENZYME_FPRT_BINOP(fmul, mpfr_mul(r, x, y, RND))
__ENZYME_FPRT_BINOP(fdiv, mpfr_div(r, x, y, RND))
__ENZYME_FPRT_BINOP(frem, mpfr_fmod(r, x, y, RND)) /* LLVM's frem is C's fmod */

__ENZYME_FPRT_FCMP(oeq, false, == 0)
__ENZYME_FPRT_FCMP(one, false, != 0)
__ENZYME_FPRT_FCMP(olt, false, < 0)
__ENZYME_FPRT_FCMP(ole, false, <= 0)
__ENZYME_FPRT_FCMP(ogt, false, > 0)
__ENZYME_FPRT_FCMP(oge, false, >= 0)
__ENZYME_FPRT_FCMP(ord, false, || 1)
__ENZYME_FPRT_FCMP(ueq, true, == 0)
__ENZYME_FPRT_FCMP(une, true, != 0)
__ENZYME_FPRT_FCMP(ult, true, < 0)
__ENZYME_FPRT_FCMP(ule, true, <= 0)
__ENZYME_FPRT_FCMP(ugt, true, > 0)
__ENZYME_FPRT_FCMP(uge, true, >= 0)
__ENZYME_FPRT_FCMP(uno, true, && 0)

__ENZYME_FPRT_MATH1(sqrt, mpfr_sqrt(r, x, RND))
__ENZYME_FPRT_MATH1(cbrt, mpfr_cbrt(r, x, RND))
__ENZYME_FPRT_MATH1(exp, mpfr_exp(r, x, RND))
__ENZYME_FPRT_MATH1(exp2, mpfr_exp2(r, x, RND))
__ENZYME_FPRT_MATH1(expm1, mpfr_expm1(r, x, RND))
__ENZYME_FPRT_MATH1(log, mpfr_log(r, x, RND))
__ENZYME_FPRT_MATH1(log2, mpfr_log2(r, x, RND))
__ENZYME_FPRT_MATH1(log10, mpfr_log10(r, x, RND))
__ENZYME_FPRT_MATH1(log1p, mpfr_log1p(r, x, RND))
__ENZYME_FPRT_MATH1(sin, mpfr_sin(r, x, RND))
__ENZYME_FPRT_MATH1(cos, mpfr_cos(r, x, RND))
__ENZYME_FPRT_MATH1(tan, mpfr_tan(r, x, RND))
__ENZYME_FPRT_MATH1(asin, mpfr_asin(r, x, RND))
__ENZYME_FPRT_MATH1(acos, mpfr_acos(r, x, RND))
__ENZYME_FPRT_MATH1(atan, mpfr_atan(r, x, RND))
__ENZYME_FPRT_MATH1(sinh, mpfr_sinh(r, x, RND))
__ENZYME_FPRT_MATH1(cosh, mpfr_cosh(r, x, RND))
__ENZYME_FPRT_MATH1(tanh, mpfr_tanh(r, x, RND))
__ENZYME_FPRT_MATH1(asinh, mpfr_asinh(r, x, RND))
__ENZYME_FPRT_MATH1(acosh, mpfr_acosh(r, x, RND))
__ENZYME_FPRT_MATH1(atanh, mpfr_atanh(r, x, RND))
__ENZYME_FPRT_MATH1(erf, mpfr_erf(r, x, RND))
__ENZYME_FPRT_MATH1(erfc, mpfr_erfc(r, x, RND))
__ENZYME_FPRT_MATH1(tgamma, mpfr_gamma(r, x, RND))
__ENZYME_FPRT_MATH1(lgamma, { int sign; mpfr_lgamma(r, &sign, x, RND); })
__ENZYME_FPRT_MATH1(fabs, mpfr_abs(r, x, RND))
__ENZYME_FPRT_MATH1(floor, mpfr_floor(r, x))
__ENZYME_FPRT_MATH1(ceil, mpfr_ceil(r, x))
__ENZYME_FPRT_MATH1(trunc, mpfr_trunc(r, x))
__ENZYME_FPRT_MATH1(round, mpfr_round(r, x))

__ENZYME_FPRT_MATH2(pow, mpfr_pow(r, x, y, RND))
__ENZYME_FPRT_MATH2(atan2, mpfr_atan2(r, x, y, RND))
__ENZYME_FPRT_MATH2(hypot, mpfr_hypot(r, x, y, RND))
__ENZYME_FPRT_MATH2(fmod, mpfr_fmod(r, x, y, RND))
__ENZYME_FPRT_MATH2(remainder, mpfr_remainder(r, x, y, RND))
__ENZYME_FPRT_MATH2(fdim, mpfr_dim(r, x, y, RND))
__ENZYME_FPRT_MATH2(copysign, mpfr_copysign(r, x, y, RND))
__ENZYME_FPRT_MATH2(fmin, mpfr_min(r, x, y, RND))
__ENZYME_FPRT_MATH2(fmax, mpfr_max(r, x, y, RND))
__ENZYME_FPRT_MATH2(minnum, mpfr_min(r, x, y, RND))
__ENZYME_FPRT_MATH2(maxnum, mpfr_max(r, x, y, RND))

/* fma and fmuladd: one rounding of x * y + z. */
__ENZYME_FPRT_OP3(64_52, d, double, func_fma, mpfr_fma(r, x, y, z, RND))
__ENZYME_FPRT_OP3(64_52, d, double, intr_llvm_fma_f64, mpfr_fma(r, x, y, z, RND))
__ENZYME_FPRT_OP3(64_52, d, double, intr_llvm_fmuladd_f64, mpfr_fma(r, x, y, z, RND))
__ENZYME_FPRT_OP3(32_23, f, float, func_fmaf, mpfr_fma(r, x, y, z, RND))
__ENZYME_FPRT_OP3(32_23, f, float, intr_llvm_fma_f32, mpfr_fma(r, x, y, z, RND))
__ENZYME_FPRT_OP3(32_23, f, float, intr_llvm_fmuladd_f32, mpfr_fma(r, x, y, z, RND))

__ENZYME_FPRT_POWI(64_52, d, double, intr_llvm_powi_f64_i32)
__ENZYME_FPRT_POWI(32_23, f, float, intr_llvm_powi_f32_i32)

#undef RND

#ifdef __cplusplus
}
#endif

#endif /* ENZYME_OPT_FPRT_MPFR_H */
