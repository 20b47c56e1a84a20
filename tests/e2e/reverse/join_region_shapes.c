// Joins entered straight from a conditional branch or through the region
// its other arm opens, where the reverse may take the way from the
// branch's condition:
//  r1: the branch leaves a loop, straight to the join or into a region
//      that loops itself first (the condition is the loop's last; the
//      region entered at one threshold, not at the other);
//  r2: a float condition on a value the region then changes;
//  r3: the condition loaded from memory written after the join, and read
//      again by the next row;
//  r4: a region nested in a region, both joining at one block;
//  r5: the condition a call's integer result;
//  r6: a switch whose cases fall into one join.
// Central differences of each.
#include "../check.h"

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);

enum { N = 8 };

__attribute__((noinline)) double r1(const double *x, int n, double thr) {
  double s = 0;
  int i = 0;
  for (;;) {
    s += sin(x[i]) * x[(i + 3) % n];
    if (s > thr) {                                       // into the region
      for (int k = 0; k < n; k++) s = s * 0.9 + x[k] * x[i];
      break;
    }
    if (++i == n) break;                                 // straight to the join
  }
  return s * s + x[i % n];
}
__attribute__((noinline)) double r2(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i] * 1.3;
    if (t > -0.1)
      for (int k = i; k < n; k++) t = t * x[k] - 0.2;    // t changes in the region
    s += t * t;
  }
  return s;
}
__attribute__((noinline)) double r3(double *w, const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    if (w[i] > 0)
      for (int k = 0; k < n; k++) s += x[k] * w[i] * 0.1;
    w[i] = -w[i] * x[i];                                 // after the join
    if (i + 1 < n) w[i + 1] += w[i];                     // read by the next row
  }
  return s + w[n - 1];
}
__attribute__((noinline)) double r4(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    if (x[i] > -0.3) {
      t *= 2.0;
      if (x[(i + 1) % n] < 0.2)
        for (int k = 0; k < i; k++) t = t * x[k] + 0.3;
    }
    s += cos(t);
  }
  return s;
}
__attribute__((noinline)) int pick(int i, int n) { return (i * 7 + 3) % n < n / 2; }
__attribute__((noinline)) double r5(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    if (pick(i, n))
      for (int k = i; k < n; k++) t += x[k] * x[k];
    s += exp(0.3 * t);
  }
  return s;
}
__attribute__((noinline)) double r6(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    switch (i % 3) {
    case 0: for (int k = 0; k < n; k++) t *= 1.0 + 0.1 * x[k]; break;
    case 1: t = sin(t); break;
    default: break;
    }
    s += t * x[(i + 1) % n];
  }
  return s;
}

static double f1(double *x) { return r1(x, N, 0.3) + r1(x, N, 0.8); }
static double f2(double *x) { return r2(x, N); }
static double f3(double *x) {
  double w[N];
  for (int i = 0; i < N; i++) w[i] = x[i];
  return r3(w, x, N);
}
static double f4(double *x) { return r4(x, N); }
static double f5(double *x) { return r5(x, N); }
static double f6(double *x) { return r6(x, N); }

int main(void) {
  double x[N], w[N], dw[N] = {0}, d[6][N] = {{0}};
  for (int i = 0; i < N; i++) w[i] = x[i] = 0.5 * sin(1.9 * i + 0.4);
  __enzyme_autodiff((void *)r1, enzyme_dup, x, d[0], enzyme_const, N, enzyme_const, 0.3);
  __enzyme_autodiff((void *)r1, enzyme_dup, x, d[0], enzyme_const, N, enzyme_const, 0.8);
  __enzyme_autodiff((void *)r2, enzyme_dup, x, d[1], enzyme_const, N);
  __enzyme_autodiff((void *)r3, enzyme_dup, w, dw, enzyme_dup, x, d[2], enzyme_const, N);
  for (int i = 0; i < N; i++) d[2][i] += dw[i];          // w starts as x in f3
  __enzyme_autodiff((void *)r4, enzyme_dup, x, d[3], enzyme_const, N);
  __enzyme_autodiff((void *)r5, enzyme_dup, x, d[4], enzyme_const, N);
  __enzyme_autodiff((void *)r6, enzyme_dup, x, d[5], enzyme_const, N);
  int bad = check_gradient("r1", x, d[0], N, f1) + check_gradient("r2", x, d[1], N, f2) +
            check_gradient("r3", x, d[2], N, f3) + check_gradient("r4", x, d[3], N, f4) +
            check_gradient("r5", x, d[4], N, f5) + check_gradient("r6", x, d[5], N, f6);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
