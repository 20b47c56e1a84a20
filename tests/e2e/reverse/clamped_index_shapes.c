// Integer min/max/abs/saturating intrinsics the reverse pass recomputes
// (from loop counters, constants, arguments) or tapes (anything else),
// each read as an index of the numbers differentiated:
//  c1: min of an inner counter read after its data-dependent early exit;
//  c2: abs of the difference of two counters, and smax with an argument;
//  c3: a min of a bound loaded from memory the loop then changes;
//  c4: usub.sat of an 8-bit counter that wraps, and a clamp of i*k;
//  c5: a clamped index stored into memory and read back after the loop.
// Central differences of each.
#include <stdlib.h>
#include "../check.h"

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);

enum { N = 8 };

__attribute__((noinline)) double c1(const double *x, int n, double thr) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    int j;
    for (j = 0; j < n && x[j] < thr + 0.1 * i; j++) s += x[j] * x[i];
    int k = j < n - 1 ? j : n - 1;
    s += sin(x[k]) * x[i];
  }
  return s;
}

__attribute__((noinline)) double c2(const double *x, int n, int lo) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int d = abs(i - j), m = j > lo ? j : lo;
      s += x[d] * x[j] * 0.1 + cos(x[m]) * x[i];
    }
  return s;
}

__attribute__((noinline)) double c3(double *x, int *bound, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    int b = *bound < i ? *bound : i;
    s += x[b] * x[i];
    x[b] *= 1.1;
    *bound = (*bound + 3) % n;
  }
  return s;
}

__attribute__((noinline)) double c4(const double *x, unsigned char start, int k) {
  double s = 0;
  unsigned char u = start;
  for (int i = 0; i < 12; i++, u++) {
    unsigned char back = u > 0 ? u - 1 : 0;
    int ik = i * k, clamp = ik < N - 1 ? ik : N - 1;
    s += x[back % N] * x[u % N] + x[clamp] * x[i % N];
  }
  return s;
}

__attribute__((noinline)) double c5(const double *x, int n, int *picked) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    picked[i] = i + 2 < n ? i + 2 : n - 1;
    s += x[picked[i]] * x[i];
  }
  for (int i = 0; i < n; i++) s += x[picked[n - 1 - i]] * x[picked[i]];
  return s;
}

static double X0[N];
static int BOUND0 = 5;
static double f1(double *x) { return c1(x, N, 0.3); }
static double f2(double *x) { return c2(x, N, 3); }
static double f3(double *x) { int b = BOUND0; double t[N]; for (int i = 0; i < N; i++) t[i] = x[i]; return c3(t, &b, N); }
static double f4(double *x) { return c4(x, 250, 2); }
static double f5(double *x) { int p[N]; return c5(x, N, p); }

int main(void) {
  for (int i = 0; i < N; i++) X0[i] = 0.45 * sin(1.7 * i + 0.3);
  double x[N], d1[N] = {0}, d2[N] = {0}, d3[N] = {0}, d4[N] = {0}, d5[N] = {0}, t[N], dt[N] = {0};
  int b = BOUND0, p[N];
  for (int i = 0; i < N; i++) x[i] = t[i] = X0[i];
  __enzyme_autodiff((void *)c1, enzyme_dup, x, d1, enzyme_const, N, enzyme_const, 0.3);
  __enzyme_autodiff((void *)c2, enzyme_dup, x, d2, enzyme_const, N, enzyme_const, 3);
  __enzyme_autodiff((void *)c3, enzyme_dup, t, dt, enzyme_const, &b, enzyme_const, N);
  __enzyme_autodiff((void *)c4, enzyme_dup, x, d4, enzyme_const, (unsigned char)250, enzyme_const, 2);
  __enzyme_autodiff((void *)c5, enzyme_dup, x, d5, enzyme_const, N, enzyme_const, p);
  // c3 scales x[b] after reading it: the adjoint of x's entry values.
  for (int i = 0; i < N; i++) d3[i] = dt[i];
  int bad = check_gradient("c1", x, d1, N, f1) + check_gradient("c2", x, d2, N, f2) +
            check_gradient("c3", x, d3, N, f3) + check_gradient("c4", x, d4, N, f4) +
            check_gradient("c5", x, d5, N, f5);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
