// Structs of a float and an int passed and returned by value: on x86-64
// each is one i64 (the float's bits in one half), packed by the caller and
// unpacked by the callee.  The float's derivative must follow it, in both
// modes; closed forms (the floats round x, so the tolerance is a float's).
//   via_ret:  sum_i eval(x_i).v * x_i,  eval(x).v = x^2     d/dx_i = 3 x_i^2
//   via_arg:  sum_i use({7, x_i^2})  = sum_i 2 x_i^2         d/dx_i = 4 x_i
//   via_both: sum_i use(make(x_i)) x_i = sum_i 6 x_i^2      d/dx_i = 12 x_i
// At -O0 the struct's bytes are read as one i64 and the call is refused
// (lit float-in-integer-struct.c), so this program checks -O1 and above.
#define E2E_TOLERANCE 1e-5
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;
#define N 4
typedef struct { float v; int ok; } Result;
typedef struct { int tag; float w; } Tagged;

__attribute__((noinline)) static Result eval(float x) { Result r = {x * x, x > -100}; return r; }
__attribute__((noinline)) static double use(Tagged t) { return t.tag == 7 ? 2.0 * t.w : 0.0; }
__attribute__((noinline)) static Tagged make(float w) { Tagged t = {7, w * 3}; return t; }

double via_ret(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) { Result r = eval((float)x[i]); if (r.ok) s += r.v * x[i]; }
  return s;
}
double via_arg(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) { Tagged t = {7, (float)(x[i] * x[i])}; s += use(t); }
  return s;
}
double via_both(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) s += use(make((float)x[i])) * x[i];
  return s;
}

static double X[N] = {0.7, -1.3, 0.4, 2.1};
static double want(int which, int i) {
  return which == 0 ? 3 * X[i] * X[i] : which == 1 ? 4 * X[i] : 12 * X[i];
}
#define CHECK_CLOSED(f, which)                                                  \
  ({                                                                           \
    double dx[N] = {0};                                                        \
    int bad_ = 0;                                                              \
    __enzyme_autodiff((void *)f, enzyme_dup, X, dx);                           \
    for (int i = 0; i < N; i++) {                                              \
      double t[N] = {0};                                                       \
      t[i] = 1;                                                                \
      bad_ += !check_close(#f, i, dx[i], want(which, i));                      \
      bad_ += !check_close(#f " forward", i,                                   \
                           __enzyme_fwddiff((void *)f, enzyme_dup, X, t),      \
                           want(which, i));                                    \
    }                                                                          \
    bad_;                                                                      \
  })

int main(void) {
#ifdef __OPTIMIZE__
  int bad = CHECK_CLOSED(via_ret, 0) + CHECK_CLOSED(via_arg, 1) + CHECK_CLOSED(via_both, 2);
#else
  int bad = 0;
#endif
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
