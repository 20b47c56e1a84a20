// Extended and unusual floating point types: long double (x86_fp80), __float128 (fp128),
// half precision (__fp16 / _Float16) and bfloat16 where the compiler supports them.
long double ld_mul(long double a, long double b) { return a * b + 1.0L / 3.0L; }
long double ld_from(double d) { return (long double)d * 0.1L; }
double ld_to(long double x) { return (double)(x - 2.5L); }
__float128 q_add(__float128 a, __float128 b) { return a + b * (__float128)0.1; }
double q_to(__float128 q) { return (double)q; }
float half_roundtrip(__fp16 *p, float x) { *p = x; return *p + 1.0f; }
#if defined(__clang_major__) && __clang_major__ >= 15
_Float16 f16_add(_Float16 a, _Float16 b) { return a + b; }
__bf16 bf16_store(__bf16 *p, __bf16 v) { *p = v; return v; }
#endif
long double ld_const = 1.1L;
__float128 q_const = 2.2;
