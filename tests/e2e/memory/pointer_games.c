/* Pointer games: an output and an input that are the same array (one
 * shadow for both), two duplicated arguments aliasing, a walk past the end
 * of an array field into the next fields, a union clearing the sign bit
 * through its int64, memcpy of a struct with padding, realloc growth inside
 * the function.  Central differences or closed forms. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

/* two arguments that may be the same array */
__attribute__((noinline)) void scale_into(double *out, const double *in, int n) {
  for (int i = 0; i < n; i++) out[i] = in[i] * in[n - 1 - i] + out[i] * 0.5;
}
__attribute__((noinline)) double both(double *a, double *b) {
  a[0] = b[1] * b[1];
  return a[0] * b[0] + a[1];
}
/* past the end of one field into the next */
struct pair { double a[2]; double b; double c; };
__attribute__((noinline)) double past_end(struct pair *s) {
  double *p = s->a;
  double t = 0;
  for (int i = 0; i < 4; i++) t += p[i] * p[i] * (i + 1);  /* a[0], a[1], b, c */
  return t;
}
/* a union of double and int64: clear the sign bit through the integer */
union bits { double d; int64_t i; };
__attribute__((noinline)) double via_union(double x) {
  union bits u; u.d = x * x - 2;
  u.i &= INT64_MAX;           /* fabs */
  return u.d * x;
}
/* memcpy of a struct with padding */
struct padded { char c; double d; int k; double e; };
__attribute__((noinline)) double copy_padded(struct padded *src) {
  struct padded tmp[2];
  memcpy(&tmp[0], src, sizeof *src);
  memcpy(&tmp[1], &tmp[0], sizeof tmp[0]);
  tmp[1].d *= tmp[0].e;
  return tmp[1].d * tmp[1].k + tmp[1].e;
}
/* realloc inside the function */
__attribute__((noinline)) double grow(double x, int n) {
  double *buf = malloc(sizeof(double));
  buf[0] = x;
  for (int i = 1; i < n; i++) {
    buf = realloc(buf, (i + 1) * sizeof(double));
    buf[i] = buf[i - 1] * x + 1;
  }
  double r = buf[n - 1];
  free(buf);
  return r;
}

int main(void) {
  int bad = 0;
  { /* out and in the same array, one shadow */
    double x[4] = {0.5, 1.5, -0.7, 2.0}, dx[4] = {1, 1, 1, 1};
    double y[4], w[4] = {1, 1, 1, 1};
    memcpy(y, x, sizeof x);
    __enzyme_autodiff((void *)scale_into, enzyme_dup, x, dx, enzyme_dup, x, dx, 4);
    /* central differences of sum(w . out) where out = in (same array) */
    for (int i = 0; i < 4; i++) {
      double h = 1e-6, f[2];
      for (int s = 0; s < 2; s++) {
        double z[4]; memcpy(z, y, sizeof y); z[i] += s ? -h : h;
        scale_into(z, z, 4);
        f[s] = z[0] + z[1] + z[2] + z[3];
      }
      bad += !check_close("scale_into aliased", i, dx[i], (f[0] - f[1]) / (2 * h));
    }
  }
  { /* both(x, x): a[0] = x1^2; return x1^2 * x1^2 + x1 */
    double x[2] = {0.3, 1.7}, dx[2] = {0};
    __enzyme_autodiff((void *)both, enzyme_dup, x, dx, enzyme_dup, x, dx);
    bad += !check_close("both aliased 0", 0, dx[0], 0);
    bad += !check_close("both aliased 1", 0, dx[1], 4 * 1.7 * 1.7 * 1.7 + 1);
  }
  {
    struct pair s = {{0.5, 1.5}, -0.7, 2.0}, ds = {{0}, 0, 0};
    __enzyme_autodiff((void *)past_end, &s, &ds);
    bad += !check_close("past_end a0", 0, ds.a[0], 2 * 0.5);
    bad += !check_close("past_end a1", 0, ds.a[1], 2 * 1.5 * 2);
    bad += !check_close("past_end b", 0, ds.b, 2 * -0.7 * 3);
    bad += !check_close("past_end c", 0, ds.c, 2 * 2.0 * 4);
  }
  double pts[] = {0.5, 1.2, 1.6, -1.1, -1.7};
  for (int k = 0; k < 5; k++) {
    double x = pts[k];
    double want = CENTRAL_DIFFERENCE(x, 1e-6, via_union(x));
    bad += !check_close("via_union rev", k, __enzyme_autodiff((void *)via_union, x), want);
    bad += !check_close("via_union fwd", k, __enzyme_fwddiff((void *)via_union, x, 1.0), want);
    for (int n = 1; n < 5; n++) {
      want = CENTRAL_DIFFERENCE(x, 1e-6, grow(x, n));
      bad += !check_close("grow rev", 10 * k + n, __enzyme_autodiff((void *)grow, x, n), want);
      bad += !check_close("grow fwd", 10 * k + n, __enzyme_fwddiff((void *)grow, x, 1.0, n), want);
    }
  }
  {
    struct padded p = {'a', 1.5, 3, -0.5}, dp;
    memset(&dp, 0, sizeof dp);
    __enzyme_autodiff((void *)copy_padded, &p, &dp);
    /* f = d e k + e */
    bad += !check_close("copy_padded d", 0, dp.d, -0.5 * 3);
    bad += !check_close("copy_padded e", 0, dp.e, 1.5 * 3 + 1);
  }
  return bad != 0;
}
