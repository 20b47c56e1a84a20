/* The C API in mixed shapes: enzyme_out on float and double arguments with
 * int arguments between them, dup on double and float arrays, dupnoneed on
 * an output, a struct {float, double, float} of gradients; a float result
 * read through float and double prototypes; a variadic callee with
 * constant variadic values; a function pointer chosen at run time from a
 * local table and a global; forward over reverse of a loop with a run-time
 * trip count (zero included). */
#include <math.h>
#include <stdarg.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double a, b; } D2;
typedef struct { float a; double b; float c; } FDF;
D2 __enzyme_autodiff_d2(void *, ...);
FDF __enzyme_autodiff_fdf(void *, ...);
float __enzyme_autodiff_f(void *, ...);

__attribute__((noinline)) double mix(float a, int n, double *p, double b, int m, float *q, double *out, float c) {
  double s = 0;
  for (int i = 0; i < n; i++) s += p[i] * a + q[i] * b;
  out[0] = s * c + m;
  return s * b + c * c;
}
__attribute__((noinline)) float fret(float x, int k) { return x * x * k + sinf(x); }
__attribute__((noinline)) double vsum(int n, ...) {
  va_list ap; va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, double);
  va_end(ap);
  return s;
}
/* active values in the '...' part are refused (located); constant ones are not */
__attribute__((noinline)) double uses_variadic(double x, double w) { return x * x * vsum(2, w, 2.0); }
__attribute__((noinline)) double sq(double x) { return x * x; }
__attribute__((noinline)) double cube(double x) { return x * x * x; }
double (*volatile chosen)(double);
__attribute__((noinline)) double call_table(double x, int k) {
  double (*tab[2])(double) = {sq, cube};
  return tab[k & 1](x) + chosen(x);
}
__attribute__((noinline)) double loop_poly(double x, int n) {
  double s = 0, t = 1;
  for (int i = 0; i < n; i++) { t *= x; s += t / (i + 1); }
  return s;
}
__attribute__((noinline)) double grad_loop_poly(double x, int n) { return __enzyme_autodiff((void *)loop_poly, x, n); }

int main(void) {
  int bad = 0;
  double p[3] = {0.5, -1.0, 2.0}, dp[3] = {0}, out[1], dout[1] = {1.0};
  float q[3] = {1.5f, 0.25f, -0.5f}, dq[3] = {0};
  float a = 0.75f, c = 1.25f; double b = -0.6;
  /* out written through a dupnoneed pointer, seeded 1: d/d. of (ret + out[0]) */
  FDF g = __enzyme_autodiff_fdf((void *)mix, enzyme_out, a, enzyme_const, 3, enzyme_dup, p, dp,
                                enzyme_out, b, enzyme_const, 7, enzyme_dup, q, dq,
                                enzyme_dupnoneed, out, dout, c);
  double sp = p[0] + p[1] + p[2], sq_ = (double)q[0] + q[1] + q[2];
  double s = sp * a + sq_ * b, k = b + c;      /* ret + out = s b + c^2 + s c + m */
  bad += !check_close("mix da", 0, g.a, sp * k);
  bad += !check_close("mix db", 0, g.b, sq_ * k + s);
  bad += !check_close("mix dc", 0, g.c, 2 * c + s);
  for (int i = 0; i < 3; i++) {
    bad += !check_close("mix dp", i, dp[i], a * k);
    bad += !check_close("mix dq", i, dq[i], b * k);
  }
  bad += !check_close("mix dout", 0, dout[0], 0);
  /* a float result, read as float and as double */
  float fg = __enzyme_autodiff_f((void *)fret, 1.5f, 3);
  double fw = 2 * 1.5 * 3 + cos(1.5);
  if (fabs(fg - fw) > 1e-5 * (1 + fabs(fw))) { printf("MISMATCH fret float: %g want %g\n", fg, fw); bad++; }
  double dg = __enzyme_autodiff((void *)fret, 1.5f, 3);   /* the float gradient read as a double */
  if (fabs(dg - fw) > 1e-5 * (1 + fabs(fw))) { printf("MISMATCH fret double: %g want %g\n", dg, fw); bad++; }
  bad += !check_close("uses_variadic", 0, __enzyme_autodiff((void *)uses_variadic, 1.5, enzyme_const, 0.5), 3 * 2.5);
  for (int k2 = 0; k2 < 4; k2++) {
    chosen = k2 & 2 ? sq : cube;
    double x = 1.1 + k2;
    double want = (k2 & 1 ? 3 * x * x : 2 * x) + (k2 & 2 ? 2 * x : 3 * x * x);
    bad += !check_close("call_table", k2, __enzyme_autodiff((void *)call_table, x, k2), want);
    bad += !check_close("call_table fwd", k2, __enzyme_fwddiff((void *)call_table, x, 1.0, k2), want);
  }
  for (int n = 0; n < 5; n++) {
    double x = 0.7;
    /* d2/dx2 of sum x^i / i = sum (i - 1) x^(i-2) */
    double want = 0;
    for (int i = 2; i <= n; i++) want += (i - 1) * pow(x, i - 2);
    bad += !check_close("fwd over rev", n, __enzyme_fwddiff((void *)grad_loop_poly, x, 1.0, n), want);
  }
  return bad != 0;
}
