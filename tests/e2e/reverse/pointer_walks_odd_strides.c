// Pointer walks counted in steps (transforms/pointer_counters.py): a walk by
// B bytes a step, B <= 8, counts [B x i8] units at clang 15+, B not a
// power of 2 here (3, 5, 6 and 7: byte tables and 5- and 6-byte structs);
// `!=` and `<` tests, an end off the stride, a walk backward, one left
// early, three walks of 8 bytes a step sharing one counter (doubles, float
// pairs, short quads) and stopped early, two walks of opposite directions
// in one loop (their own counters: sharing one crashes), a 12-byte walk
// (counted in bytes) beside a double walk, and writes in place through a
// 6-byte-stepped table.  Central differences, both modes for w3 and w8.
#include "../check.h"
#include <math.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
enum { N = 10, M = 6 };
int m = M;
static unsigned char IDX[64];
typedef struct { unsigned short i, j, k; } tri16;
static tri16 TRI[M];
typedef struct { unsigned char i, j, k, l, e; } five;
static five FIVE[M];
static float FP[2 * N];
static short SQ[4 * M];

__attribute__((noinline)) double w1(double *x, const unsigned char *idx) {
  double s = 0.3;
  for (const unsigned char *p = idx; p != idx + 3 * m; p += 3)
    s = sin(s + x[p[0]] * x[p[1]]) * x[p[2]];
  return s;
}
__attribute__((noinline)) double w2(double *x, const unsigned char *idx) {
  double s = 0.3;
  for (const unsigned char *p = idx; p < idx + 7 * m - 2; p += 7)
    s = cos(s * x[p[0]]) + x[p[6]] * s;
  return s;
}
__attribute__((noinline)) double w3(double *x, const tri16 *t) {
  double s = 0.1;
  for (const tri16 *q = t + m - 1; q >= t; q--) s = sin(s * x[q->i] + x[q->j]) * x[q->k];
  return s;
}
__attribute__((noinline)) double w4(double *x, const five *t, int n) {
  double s = 0.2;
  for (const five *q = t; q != t + n; q++) {
    s = s * x[q->e] + sin(x[q->i] * s);
    if (s > 5.0) break;
  }
  return s;
}
/* three walks stepping 8 bytes a time, one shared counter; stops early */
__attribute__((noinline)) double w5(double *x, const float *f, const short *sq, double lim) {
  double s = 0;
  const double *d = x;
  const float *g = f;
  const short *h = sq;
  for (; d != x + m; d++, g += 2, h += 4) {
    s = s * 0.5 + *d * g[1] * sin(*d + h[3]);
    if (s > lim) break;
  }
  return s;
}
/* two walks of opposite directions */
__attribute__((noinline)) double w6(double *x, int len) {
  double s = 0;
  const double *a = x, *b = x + N - 1;
  for (; a != x + len; a++, b--) s = s * *b + sin(*a * s + *b);
  return s;
}
/* a float walk by 3 (12 bytes: counted in bytes) beside a double walk by 1 */
__attribute__((noinline)) double w7(double *x, const float *f) {
  double s = 0;
  const double *d = x + 1;
  for (const float *g = f; g < f + 3 * m; g += 3, d++) s = s * 0.7 + g[2] * *d * cos(s + *d);
  return s;
}
/* walk writing in place through a 6-byte-stepped index table */
__attribute__((noinline)) double w8(double *x, const tri16 *t, int n) {
  double s = 0;
  for (const tri16 *q = t; q != t + n; q++) {
    x[q->k] = x[q->i] * x[q->j] + 0.5 * x[q->k];
    s += x[q->k] * x[q->k];
  }
  return s;
}

static double lim = 1e9, lim2 = 0.35;
static double g1(double *x) { return w1(x, IDX); }
static double g2(double *x) { return w2(x, IDX); }
static double g3(double *x) { return w3(x, TRI); }
static double g4(double *x) { return w4(x, FIVE, m); }
static double g5(double *x) { return w5(x, FP, SQ, lim); }
static double g5b(double *x) { return w5(x, FP, SQ, lim2); }
static double g6(double *x) { return w6(x, m); }
static double g7(double *x) { return w7(x, FP); }
static double g8(double *x) { return w8(x, TRI, m); }

static double x0[N];
/* reverse mode of f (its arguments after x ARGS), g its plain call */
#define REVERSE(name, f, g, ...) do { \
    double x[N], dx[N] = {0}; \
    for (int i = 0; i < N; i++) x[i] = x0[i]; \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, __VA_ARGS__); \
    for (int i = 0; i < N; i++) x[i] = x0[i]; \
    bad += check_gradient_copied(name, x, dx, N, g); \
  } while (0)
#define FORWARD(name, f, g, ...) do { \
    for (int k = 0; k < N; k++) { \
      double x[N], t[N] = {0}; \
      for (int i = 0; i < N; i++) x[i] = x0[i]; \
      t[k] = 1; \
      double ty = __enzyme_fwddiff((void *)f, enzyme_dup, x, t, __VA_ARGS__); \
      for (int i = 0; i < N; i++) x[i] = x0[i]; \
      double want = CENTRAL_DIFFERENCE(x[k], 1e-6, check_copy_(g, x)); \
      bad += !check_close(name, k, ty, want); \
    } \
  } while (0)
static double check_copy_(double (*g)(double *), const double *x) {
  double c[N];
  for (int i = 0; i < N; i++) c[i] = x[i];
  return g(c);
}

int main(void) {
  for (int i = 0; i < 64; i++) IDX[i] = (i * 7 + 3) % N;
  for (int i = 0; i < M; i++) {
    TRI[i] = (tri16){(i * 3) % N, (i * 5 + 1) % N, (i * 7 + 2) % N};
    FIVE[i] = (five){(i * 3) % N, 0, 0, 0, (i * 7 + 4) % N};
  }
  for (int i = 0; i < 2 * N; i++) FP[i] = 0.1f * (i % 7) - 0.2f;
  for (int i = 0; i < 4 * M; i++) SQ[i] = i % 5 - 2;
  for (int i = 0; i < N; i++) x0[i] = 0.4 * cos(1.3 * i + 0.2) + 0.5;
  int bad = 0;
  REVERSE("w1", w1, g1, enzyme_const, IDX);
  REVERSE("w2", w2, g2, enzyme_const, IDX);
  REVERSE("w3", w3, g3, enzyme_const, TRI);
  REVERSE("w4", w4, g4, enzyme_const, FIVE, enzyme_const, m);
  REVERSE("w5", w5, g5, enzyme_const, FP, enzyme_const, SQ, enzyme_const, lim);
  REVERSE("w5 stopped early", w5, g5b, enzyme_const, FP, enzyme_const, SQ, enzyme_const, lim2);
  REVERSE("w6", w6, g6, enzyme_const, m);
  REVERSE("w7", w7, g7, enzyme_const, FP);
  REVERSE("w8", w8, g8, enzyme_const, TRI, enzyme_const, m);
  FORWARD("w3 forward", w3, g3, enzyme_const, TRI);
  FORWARD("w8 forward", w8, g8, enzyme_const, TRI, enzyme_const, m);
  return bad != 0;
}
