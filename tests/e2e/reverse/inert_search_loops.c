/* Loops whose reverse does nothing (ad/inert_loops.py): a binary search
 * for a knot interval (if/else in the loop at -O0, selects at -O2) inside
 * an active loop over query points, its interval used after the loop; a
 * search for the smallest power of two before the active loop; a search
 * that also counts its steps (two values out through phis); and nearby
 * shapes that stay ordinary loops: a search with two exits, a search over
 * the active values themselves, a pointer into the active values walked
 * by a search of the table (its shadow walks too).  Reverse against central differences. */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

static const double knots[9] = {0, 0.5, 1.1, 1.4, 2.0, 2.7, 3.1, 3.6, 4.0};

/* x: 4 coefficients per interval (8 intervals), then 3 query points */
__attribute__((noinline)) double spline(double *x) {
  double s = 0;
  for (int q = 0; q < 3; q++) {
    double p = x[32 + q];
    int lo = 0, hi = 8;
    while (hi - lo > 1) {
      int mid = (lo + hi) / 2;
      if (knots[mid] <= p) lo = mid;
      else hi = mid;
    }
    double u = p - knots[lo];
    const double *c = x + 4 * lo;
    double v = c[0] + u * (c[1] + u * (c[2] + u * c[3]));
    s += v * v * (1 + q);
  }
  return s;
}

static int global_n = 5;
/* the power of two at least n, found before the active loop */
__attribute__((noinline)) double padded(double *x) {
  int n = global_n, m = 1;
  while (m < n) m *= 2;
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[(i + m / 2) % n] / m;
  return s * sin(x[0]);
}

/* a search that counts its steps too: both leave through phis */
__attribute__((noinline)) double counted(double *x) {
  double s = 0;
  for (int q = 0; q < 4; q++) {
    int lo = 0, hi = 8, steps = 0;
    double p = 0.3 + q * 1.1;
    while (hi - lo > 1) {
      int mid = (lo + hi) >> 1;
      if (knots[mid] <= p) lo = mid;
      else hi = mid;
      steps++;
    }
    s += x[lo] * x[q] * (steps + 1) + exp(x[lo + 1] * 0.1);
  }
  return s;
}

/* two exits: the bound and the knot */
__attribute__((noinline)) double linear(double *x) {
  double s = 0;
  for (int q = 0; q < 3; q++) {
    double p = x[4 + q];
    int i = 0;
    while (i < 7 && knots[i + 1] <= p) i++;
    s += x[i % 4] * (p - knots[i]) * (p - knots[i]);
  }
  return s;
}

/* the search reads the active values: an ordinary loop */
__attribute__((noinline)) double over_active(double *x) {
  int i = 0;
  while (i < 5 && x[i + 1] < 2.0) i++;
  return x[i] * x[i] * x[0] + x[5];
}

/* a pointer into x walked beside the search: it has a shadow */
__attribute__((noinline)) double walked(double *x) {
  double s = 0;
  for (int q = 0; q < 3; q++) {
    const double *p = x;
    int k = 0;
    while (knots[k + 1] < 0.9 + q) {
      p++;
      k++;
    }
    s += *p * *p * (q + 1);
  }
  return s;
}

int main(void) {
  double a[35], b[5] = {0.3, -0.2, 0.7, 1.1, 0.4}, c[9], d[7], e[6] = {0.1, 0.5, 1.2, 2.5, 0.7, 0.2};
  for (int i = 0; i < 32; i++) a[i] = sin(0.7 * i) * 0.5;
  a[32] = 0.3, a[33] = 1.9, a[34] = 3.75;
  for (int i = 0; i < 9; i++) c[i] = 0.2 + 0.1 * i;
  for (int i = 0; i < 4; i++) d[i] = cos(i);
  d[4] = 0.45, d[5] = 2.3, d[6] = 3.8;
  int bad = CHECK_REVERSE(spline, a, 35);
  bad += CHECK_REVERSE(padded, b, 5);
  bad += CHECK_REVERSE(counted, c, 9);
  bad += CHECK_REVERSE(linear, d, 7);
  bad += CHECK_REVERSE(over_active, e, 6);
  bad += CHECK_REVERSE(walked, c, 9);
  return bad != 0;
}
