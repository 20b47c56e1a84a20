// Arrays of structs {double w; double *p}: filled (the weight computed, or
// the constant 0.25), copied into a second array, swapped pairwise, sorted by
// weight; the weights times what the pointers point to summed.  The SLP
// vectorizer stores two such structs as one <4 x ptr> (clang 14 and 19,
// -O2 and -O3), the weights' bits through bitcast and inttoptr: before
// transforms/pointer_lanes.py those stores were refused as pointers without
// shadows.  Reverse and forward, against central differences.
#include "struct_pointer_lanes.h"

// filled: w computed, p pointing into x (vectorized as <4 x ptr> stores)
__attribute__((noinline)) static double filled(double *x, int n) {
  Cell c[N];
  for (int i = 0; i < n; i++) { c[i].w = x[i] + 1.3; c[i].p = &x[(i + 1) % n]; }
  double s = 0;
  for (int i = 0; i < n; i++) s += c[i].w * *c[i].p;
  return s;
}
// constant weights
__attribute__((noinline)) static double constw(double *x, int n) {
  Cell c[N];
  for (int i = 0; i < n; i++) { c[i].w = 0.25; c[i].p = &x[i]; }
  double s = 0;
  for (int i = 0; i < n; i++) s += c[i].w * *c[i].p * *c[i].p;
  return s;
}
// copied into a second array
__attribute__((noinline)) static double copied(double *x, int n) {
  Cell c[N], d[N];
  for (int i = 0; i < n; i++) { c[i].w = x[i] * x[i]; c[i].p = &x[n - 1 - i]; }
  for (int i = 0; i < n; i++) d[i] = c[i];
  double s = 0;
  for (int i = 0; i < n; i++) s += d[i].w * *d[i].p;
  return s;
}
// swapped pairwise
__attribute__((noinline)) static double swapped(double *x, int n) {
  Cell c[N];
  for (int i = 0; i < n; i++) { c[i].w = sin(x[i]); c[i].p = &x[i]; }
  for (int i = 0; i < n / 2; i++) { Cell t = c[i]; c[i] = c[n - 1 - i]; c[n - 1 - i] = t; }
  double s = 0;
  for (int i = 0; i < n; i++) s += (i + 1) * c[i].w * *c[i].p;
  return s;
}
// sorted by weight (insertion sort)
__attribute__((noinline)) static double sorted(double *x, int n) {
  Cell c[N];
  for (int i = 0; i < n; i++) { c[i].w = x[i] * (i % 3 - 1); c[i].p = &x[(i * 3) % n]; }
  for (int i = 1; i < n; i++) {
    Cell t = c[i]; int j = i - 1;
    while (j >= 0 && c[j].w > t.w) { c[j + 1] = c[j]; j--; }
    c[j + 1] = t;
  }
  double s = 0;
  for (int i = 0; i < n; i++) s += (i + 1) * c[i].w * *c[i].p;
  return s;
}

WRAP(filled) WRAP(constw) WRAP(copied) WRAP(swapped) WRAP(sorted)
int main(void) {
  double x[N];
  FILL_X(x);
  int bad = CHECK_BOTH(filled) + CHECK_BOTH(constw) + CHECK_BOTH(copied) + CHECK_BOTH(swapped) +
            CHECK_BOTH(sorted);
  printf("bad %d\n", bad);
  return bad != 0;
}
