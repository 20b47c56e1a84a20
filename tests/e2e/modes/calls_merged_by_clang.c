/* Calls of the Enzyme API that clang -O2 merges: an if/else whose arms
 * differ only in the function differentiated becomes one call of a select
 * of the two functions; a switch choosing among three becomes a load from a
 * constant table (or nested selects); arms differing only in an activity
 * marker pass a select of the markers (dup or dupnoneed: the same gradient;
 * out or const: the gradient of a, or 0).  Each must still name its function and markers: the tool
 * splits the call back into one per value.  Reverse and forward mode,
 * checked against central differences. */
#include "../check.h"
extern int enzyme_dup, enzyme_dupnoneed, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double sq(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i] * (i + 1);
  return s;
}
__attribute__((noinline)) double wave(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(x[i]) * x[(i + 1) % n];
  return s;
}
__attribute__((noinline)) double expo(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(0.3 * x[i]) / (i + 2);
  return s;
}

/* noinline: `which` stays a run-time value */
__attribute__((noinline)) void grad_two(int which, double *x, double *dx, int n) {
  if (which)
    __enzyme_autodiff((void *)sq, enzyme_dup, x, dx, enzyme_const, n);
  else
    __enzyme_autodiff((void *)wave, enzyme_dup, x, dx, enzyme_const, n);
}
__attribute__((noinline)) void grad_three(int which, double *x, double *dx, int n) {
  switch (which) {
  case 0: __enzyme_autodiff((void *)sq, enzyme_dup, x, dx, enzyme_const, n); break;
  case 1: __enzyme_autodiff((void *)wave, enzyme_dup, x, dx, enzyme_const, n); break;
  case 2: __enzyme_autodiff((void *)expo, enzyme_dup, x, dx, enzyme_const, n); break;
  }
}
__attribute__((noinline)) double tangent_three(int which, double *x, double *t, int n) {
  switch (which) {
  case 0: return __enzyme_fwddiff((void *)sq, enzyme_dup, x, t, enzyme_const, n);
  case 1: return __enzyme_fwddiff((void *)wave, enzyme_dup, x, t, enzyme_const, n);
  default: return __enzyme_fwddiff((void *)expo, enzyme_dup, x, t, enzyme_const, n);
  }
}
/* the arms differ in x's marker only (expo does not write x: both give
 * the same gradient) */
__attribute__((noinline)) void dup_or_noneed(int which, double *x, double *dx, int n) {
  if (which)
    __enzyme_autodiff((void *)expo, enzyme_dup, x, dx, enzyme_const, n);
  else
    __enzyme_autodiff((void *)expo, enzyme_dupnoneed, x, dx, enzyme_const, n);
}

/* arms whose markers differ in what they return: with enzyme_out the
 * gradient of a, with enzyme_const nothing (0); a wrong pick shows */
__attribute__((noinline)) double scaled(const double *x, double a) { return x[0] * x[1] * a * a; }
__attribute__((noinline)) double out_or_const(int which, double *x, double *dx, double a) {
  if (which) return __enzyme_autodiff((void *)scaled, enzyme_dup, x, dx, enzyme_out, a);
  return __enzyme_autodiff((void *)scaled, enzyme_dup, x, dx, enzyme_const, a);
}

static double (*const fns[3])(const double *, int) = {sq, wave, expo};

int main(void) {
  enum { N = 5 };
  double x[N] = {0.3, -1.1, 0.8, 1.4, -0.2};
  int bad = 0;
  for (int which = 0; which < 3; which++) {
    double d2[N] = {0}, d3[N] = {0};
    if (which < 2) grad_two(which, x, d2, N);
    grad_three(which, x, d3, N);
    double (*f)(const double *, int) = which < 2 ? fns[1 - which] : 0;
    for (int i = 0; i < N; i++) {
      double want3 = CENTRAL_DIFFERENCE(x[i], 1e-6, fns[which](x, N));
      bad += !check_close("switch rev", 10 * which + i, d3[i], want3);
      double t[N] = {0};
      t[i] = 1;
      bad += !check_close("switch fwd", 10 * which + i, tangent_three(which, x, t, N), want3);
      if (f) bad += !check_close("if rev", 10 * which + i, d2[i],
                                 CENTRAL_DIFFERENCE(x[i], 1e-6, f(x, N)));
    }
  }
  for (int which = 0; which < 2; which++) {
    double dx[N] = {0};
    dup_or_noneed(which, x, dx, N);
    for (int i = 0; i < N; i++)
      bad += !check_close("marker", 10 * which + i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, expo(x, N)));
  }
  for (int which = 0; which < 2; which++) {
    double y[2] = {2, 3}, dy[2] = {0, 0}, a = 1.5;
    double da = out_or_const(which, y, dy, a);
    bad += !check_close("marker out/const da", which, da, which ? 2 * y[0] * y[1] * a : 0.0);
    bad += !check_close("marker out/const dy", which, dy[0], y[1] * a * a);
  }
  if (bad) printf("%d mismatches\n", bad);
  return bad != 0;
}
