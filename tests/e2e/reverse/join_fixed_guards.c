// CFLAGS: -ffast-math
// Joins whose way in is fixed by guards computed before the outer loop
// (analysis/join_paths, reverse.py path_pred_index): the vectorizer's
// "is there a vector body, is there a remainder" around an inner loop, for
// every row length d from 1 to 9 (no vector body, no remainder, both), a
// dot product (a reduction) and an elementwise update; the remainder's start
// (0 or the vector trip count) rebuilt from the way in (cache_policy
// `_joined`).  With the shapes next to them that must keep their index: the
// inner length changing per row, and an inner loop with a second exit.
// Central differences.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

enum { NS = 5, DMAX = 9 };
static double A[NS * DMAX], Y[NS];
int ns = NS;   /* not a constant: the outer loops stay loops */

__attribute__((noinline)) double pinball(const double *w, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double p = 0;
    for (int j = 0; j < d; j++) p += w[j] * A[i * d + j];
    double r = Y[i] - p;
    s += r >= 0 ? 0.7 * r : -0.3 * r;
  }
  return s;
}
__attribute__((noinline)) double update(double *w, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    for (int j = 0; j < d; j++) w[j] = 0.9 * w[j] + A[i * d + j] * w[j] * w[j];
    s += w[0] * w[d - 1];
  }
  return s;
}
__attribute__((noinline)) double ragged(const double *w, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double p = 0;
    for (int j = 0; j < 1 + (d + i) % d; j++) p += w[j] * A[i * d + j];
    s += p * p;
  }
  return s;
}
__attribute__((noinline)) double first_big(const double *w, int d) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double p = 0;
    int j = 0;
    for (; j < d; j++) {
      p += w[j] * A[i * d + j];
      if (p > 1.5) break;
    }
    s += p * (j + 1);
  }
  return s;
}

static int g_d;
static double f_pinball(double *w) { return pinball(w, g_d); }
static double f_ragged(double *w) { return ragged(w, g_d); }
static double f_first_big(double *w) { return first_big(w, g_d); }
static double f_update(double *w) {
  double tmp[DMAX];
  for (int j = 0; j < g_d; j++) tmp[j] = w[j];
  return update(tmp, g_d);
}

int main(void) {
  int bad = 0;
  for (int k = 0; k < NS * DMAX; k++) A[k] = 0.5 * sin(0.37 * k + 0.2);
  for (int i = 0; i < NS; i++) Y[i] = 0.3 * cos(1.1 * i);
  for (int d = 1; d <= DMAX; d++) {
    double w[DMAX], dw[DMAX], tmp[DMAX];
    g_d = d;
    for (int j = 0; j < DMAX; j++) w[j] = 0.4 + 0.3 * sin(0.9 * j + d);
    for (int j = 0; j < DMAX; j++) dw[j] = 0;
    __enzyme_autodiff((void *)pinball, enzyme_dup, w, dw, enzyme_const, d);
    bad += check_gradient("pinball", w, dw, d, f_pinball);
    for (int j = 0; j < DMAX; j++) dw[j] = 0;
    __enzyme_autodiff((void *)ragged, enzyme_dup, w, dw, enzyme_const, d);
    bad += check_gradient("ragged", w, dw, d, f_ragged);
    for (int j = 0; j < DMAX; j++) dw[j] = 0;
    __enzyme_autodiff((void *)first_big, enzyme_dup, w, dw, enzyme_const, d);
    bad += check_gradient("first_big", w, dw, d, f_first_big);
    for (int j = 0; j < DMAX; j++) dw[j] = 0, tmp[j] = w[j];
    __enzyme_autodiff((void *)update, enzyme_dup, tmp, dw, enzyme_const, d);
    bad += check_gradient("update", w, dw, d, f_update);
  }
  return bad != 0;
}
