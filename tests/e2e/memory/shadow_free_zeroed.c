// Shadows the reverse frees at malloc's address (ad/shadow_heap.py: a block
// allocated without an alignment), so LLVM may drop the reverse's zeroing of
// a shadow nothing reads again before the free -- and must keep it where a
// later step of the reverse reads it: a work array zeroed again at each
// step of a loop, one zeroed once, one grown by realloc and zeroed in part,
// and an over-aligned one (aligned_alloc: freed through its header).
#include <stdlib.h>
#include <string.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
enum { N = 9, STEPS = 4 };

double rezeroed(double *x) {
  double *d = malloc(N * sizeof(double)), s = 0;
  for (int t = 0; t < STEPS; t++) {
    memset(d, 0, N * sizeof(double));
    for (int i = 0; i + 1 < N; i++) d[i + (t & 1)] += x[i] * x[(i + t) % N];
    for (int i = 0; i < N; i++) s += d[i] * d[i] * (1 + 0.5 * t);
  }
  free(d);
  return s;
}

double zeroed_once(double *x) {
  double *d = malloc(N * sizeof(double)), s = 0;
  memset(d, 0, N * sizeof(double));
  for (int i = 0; i + 1 < N; i++) d[i + 1] = x[i + 1] - x[i];
  for (int i = 0; i < N; i++) s += d[i] * d[i] * d[i];
  free(d);
  return s;
}

double grown(double *x) {
  double *d = malloc(2 * sizeof(double)), s = 0;
  d[0] = x[0], d[1] = x[1] * x[0];
  d = realloc(d, N * sizeof(double));
  memset(d + 2, 0, (N - 2) * sizeof(double));
  for (int i = 2; i < N; i++) d[i] += d[i - 1] * x[i] + d[i - 2];
  for (int i = 0; i < N; i++) s += d[i] * d[i];
  free(d);
  return s;
}

double over_aligned(double *x) {
  double *d = aligned_alloc(64, 64 * N), s = 0;
  memset(d, 0, N * sizeof(double));
  for (int i = 1; i < N; i++) d[i] = x[i - 1] + x[i] * x[i];
  for (int i = N - 1; i >= 0; i--) s = 0.5 * s + d[i] * d[i];
  free(d);
  return s;
}

int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.1 * i - 0.05 * (i % 3);
  int bad = 0;
  bad += CHECK_REVERSE(rezeroed, x, N);
  bad += CHECK_REVERSE(zeroed_once, x, N);
  bad += CHECK_REVERSE(grown, x, N);
  bad += CHECK_REVERSE(over_aligned, x, N);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
