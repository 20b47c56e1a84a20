// CFLAGS: -ffast-math
/* Under -ffast-math a division by y promises y != 0, so its partial 1/y
 * needs no 0 * inf guard, nor does sqrt(u)'s where the program divides by
 * sqrt(u) or takes its log in the same block (rules.py `rule_flags`,
 * `_regular_here`).  But LLVM computes both sides of `y != 0 ? x / y : 2 * x`
 * and selects (clang 19 from -O1): at y = 0 the source never divided, the
 * promise says nothing, and the zero adjoint of the discarded quotient times
 * its infinite partial made the gradient NaN.  The same with the division,
 * a log or a pole of pow on the other path of a select at u = |w x| = 0
 * (w = 0), both modes, and float; against closed forms. */
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float __enzyme_autodifff(void *, ...);
float __enzyme_fwddifff(void *, ...);

enum { N = 3 };
double W[N] = {0.0, 2.0, 0.5};   /* not constant: no folding of 0 * x */

__attribute__((noinline)) double quotient(double x, double y) { return y != 0 ? x / y : x * 2.0; }

/* s = sum over i of `term`, with u = |W[i] x[i]| (0 where W[i] = 0) */
#define LOOP(name, u_of_x, term)                                    \
  __attribute__((noinline)) double name(const double *x, double a, int n) { \
    double s = 0;                                                   \
    for (int i = 0; i < n; i++) {                                   \
      double u = u_of_x;                                            \
      s += term;                                                    \
    }                                                               \
    return s;                                                       \
  }
#define WX fabs(W[i] * x[i])
LOOP(divided, WX, u > 1.0 ? a / sqrt(u) : a * u)
LOOP(logged, WX, u > 1.0 ? log(cbrt(u)) : a * u)
LOOP(pole, WX, u > 1.0 ? pow(u, -0.5) : a * u)
/* sqrt(u) used on both paths: forward only (in the reverse its adjoint a
   times the infinite partial meets w = 0 one step later, as without fast-math) */
LOOP(both_paths, WX, u > 1.0 ? a / sqrt(u) : sqrt(u) * a)
/* the same with u = 0 from a select (clang 19 -O1..-O3: forward NaN) */
LOOP(clipped, x[i] > 5.0 ? x[i] : 0.0, u > 1.0 ? a / sqrt(u) : sqrt(u) * a)

float WF = 0.0f;
__attribute__((noinline)) float dividedf(float x, float a) {
  float u = fabsf(WF * x), r = sqrtf(u);
  return (u > 1.0f ? a / r : a * u) + x;
}

/* d/dx of each term, u = |w x| with x > 0, w >= 0 */
static double want(int kind, double x, double w, double a) {
  double u = w * x;
  if (u == 0 || kind == 4) return 0;
  if (u <= 1) return kind == 3 ? w * 0.5 * a / sqrt(u) : w * a;
  if (kind == 0 || kind == 3) return w * -0.5 * a * pow(u, -1.5);
  return w * (kind == 1 ? 1.0 / (3.0 * u) : -0.5 * pow(u, -1.5));
}

/* f's gradient (reverse too unless forward_only), against want(kind, ...) */
#define CHECK(f, kind, forward_only) ({                                          \
    int ok_ = 1;                                                                  \
    double x[N] = {0.7, 1.2, 0.9}, dx[N] = {0}, a = 1.3;                          \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, a, enzyme_const, N); \
    for (int i = 0; i < N; i++) {                                                 \
      double tx[N] = {0};                                                         \
      tx[i] = 1.0;                                                                \
      double t = __enzyme_fwddiff((void *)f, enzyme_dup, x, tx, enzyme_const, a,  \
                                  enzyme_const, N);                               \
      if (!(forward_only))                                                        \
        ok_ &= check_close(#f " reverse", i, dx[i], want(kind, x[i], W[i], a));   \
      ok_ &= check_close(#f " forward", i, t, want(kind, x[i], W[i], a));         \
    }                                                                             \
    ok_; })

int main(void) {
  int ok = CHECK(divided, 0, 0);
  ok &= CHECK(logged, 1, 0);
  ok &= CHECK(pole, 2, 0);
  ok &= CHECK(both_paths, 3, 1);
  ok &= CHECK(clipped, 4, 0);
  ok &= check_close("quotient reverse dy", 0, __enzyme_autodiff((void *)quotient, enzyme_const, 1.5, 0.0), 0.0);
  ok &= check_close("quotient reverse dx", 0, __enzyme_autodiff((void *)quotient, 1.5, enzyme_const, 0.0), 2.0);
  ok &= check_close("quotient forward dy", 0,
                    __enzyme_fwddiff((void *)quotient, enzyme_const, 1.5, 0.0, 1.0), 0.0);
  ok &= check_close("reverse float", 0,
                    __enzyme_autodifff((void *)dividedf, 0.8f, enzyme_const, 1.5f), 1.0);
  ok &= check_close("forward float", 0,
                    __enzyme_fwddifff((void *)dividedf, 0.8f, 1.0f, enzyme_const, 1.5f), 1.0);
  return ok ? 0 : 1;
}
