// GCC/clang vector extensions: arithmetic, shuffles, element access, conversions.
typedef float v4f __attribute__((vector_size(16)));
typedef double v2d __attribute__((vector_size(16)));
typedef int v4i __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef char v16c __attribute__((vector_size(16)));
typedef float v8f __attribute__((ext_vector_type(8)));

v4f madd(v4f a, v4f b, v4f c) { return a * b + c; }
v2d vdiv(v2d a, v2d b) { return a / b; }
v4i vmask(v4i a, v4i b) { return (a > b) & a; }
v4f shuffle(v4f a, v4f b) { return __builtin_shufflevector(a, b, 0, 4, 1, 5); }
v4f reverse(v4f a) { return __builtin_shufflevector(a, a, 3, 2, 1, 0); }
float hsum(v4f a) { return a[0] + a[1] + a[2] + a[3]; }
v4f set_lane(v4f a, float x, int i) { a[i] = x; return a; }
v4i to_int(v4f a) { return __builtin_convertvector(a, v4i); }
v4d widen(v4f a) { return __builtin_convertvector(a, v4d); }
v16c bytes_add(v16c a, v16c b) { return a + b; }
v4f splat(float x) { v4f r = { x, x, x, x }; return r; }
v8f ext(v8f a, v8f b) { return a.s01234567 * b.s76543210; }
v4i select_vec(v4i m, v4i a, v4i b) { return (m != 0) & a | ~(m != 0) & b; }
double dot2(v2d a, v2d b) { v2d p = a * b; return p[0] + p[1]; }
