/* Static state reached by derivatives of several kinds in one program:
 * through a function pointer chosen at run time (a table of derivatives),
 * by forward over reverse (the inner reverse derivative's shadow of the
 * state has a tangent of its own), and by plain reverse and forward calls
 * of the same function in between.  Each call must take what earlier calls
 * left in the state as constant: guards the clearing of shadow globals
 * before each derivative call (ad/context.py zero_shadow_globals; all
 * three parts fail with it disabled). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
__attribute__((noinline)) double with_prev(double x) {
  static double prev = 0.25;
  double r = x * prev * prev + x * x * x + sin(prev * x);
  prev = x;
  return r;
}
__attribute__((noinline)) double grad(double x) { return __enzyme_autodiff((void *)with_prev, x); }
static double acc[4];
__attribute__((noinline)) double accumulate(double x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) { acc[i & 3] += x * (i + 1); s += acc[i & 3] * acc[i & 3]; }
  return s;
}
__attribute__((noinline)) double grad_acc(double x, int n) { return __enzyme_autodiff((void *)accumulate, x, n); }
__attribute__((noinline)) double with_prev_ind(double x) {
  static double prev = 0;
  double r = x * prev + x * x;
  prev = x;
  return r;
}
__attribute__((noinline)) double plain(double x) { return 3 * x; }
double (*volatile chosen)(double);
__attribute__((noinline)) double via_pointer(double x) { return chosen(x) * 2; }
int main(void) {
  int bad = 0;
  double prev = 0.25, xs[] = {1.5, 2.0, -0.5, 3.0, 0.7, 1.1};
  for (int i = 0; i < 6; i++) {
    double x = xs[i], want;
    if (i % 3 == 0) {      /* f'(x) = p^2 + 3x^2 + p cos(p x) */
      want = prev * prev + 3 * x * x + prev * cos(prev * x);
      bad += !check_close("rev", i, __enzyme_autodiff((void *)with_prev, x), want);
    } else if (i % 3 == 1) {  /* f''(x) = 6x - p^2 sin(p x) */
      want = 6 * x - prev * prev * sin(prev * x);
      bad += !check_close("fwd over rev", i, __enzyme_fwddiff((void *)grad, x, 1.0), want);
    } else {
      want = prev * prev + 3 * x * x + prev * cos(prev * x);
      bad += !check_close("fwd", i, __enzyme_fwddiff((void *)with_prev, x, 1.0), want);
    }
    prev = x;
  }
  for (int k = 0; k < 4; k++) {
    double x = 0.3 + k, a0[4];
    int n = 2 + k;
    for (int j = 0; j < 4; j++) a0[j] = acc[j];
    /* second derivative by central differences of the first, on copies of the state */
    double h = 1e-4, g[2];
    for (int s = 0; s < 2; s++) {
      double xx = x + (s ? -h : h), a[4], d = 0, da[4] = {0};
      for (int j = 0; j < 4; j++) a[j] = a0[j];
      for (int i = 0; i < n; i++) { a[i & 3] += xx * (i + 1); da[i & 3] += i + 1; d += 2 * a[i & 3] * da[i & 3]; }
      g[s] = d;
    }
    double want = (g[0] - g[1]) / (2 * h);
    bad += !check_close("acc fwd over rev", k, __enzyme_fwddiff((void *)grad_acc, x, 1.0, n), want);
  }
  prev = 0;
  for (int i = 0; i < 6; i++) {
    chosen = (i == 2) ? plain : with_prev_ind;
    double want = chosen == plain ? 6 : 2 * (prev + 2 * xs[i]);
    double g = i % 2 ? __enzyme_fwddiff((void *)via_pointer, xs[i], 1.0)
                     : __enzyme_autodiff((void *)via_pointer, xs[i]);
    bad += !check_close("via_pointer", i, g, want);
    if (chosen == with_prev_ind) prev = xs[i];
  }
  return bad != 0;
}
