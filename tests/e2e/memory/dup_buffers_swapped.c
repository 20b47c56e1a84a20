// Two separate arrays passed duplicated, their roles swapped from one call
// to the next: a time loop that swaps `cur` and `next` with their shadows,
// and a wrapper called as grad(a, da, b, db) and then grad(b, db, a, da).
// At -O0 what may reach each argument merges both arrays, so "may point
// into one object" holds; a run-time check that the two shadows are as far
// apart as the pointers (ad/shadow_offsets.py, right for `x` and `x + 1`)
// stopped these correct programs whenever malloc placed the shadows at
// another distance than the arrays (the padding allocations below make it
// so).  Only pointers the caller derives from one object are checked.
// y = x * x elementwise; seeds all one: dx = 2 x.
#include "../check.h"
#include <stdlib.h>
void __enzyme_autodiff(void *, ...);
extern int enzyme_dup;
#define N 4

static void square_into(double *x, double *y, int n) {
  for (int i = 0; i < n; i++) y[i] = x[i] * x[i];
}

__attribute__((noinline)) void grad(double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)square_into, enzyme_dup, x, dx, enzyme_dup, y, dy, n);
}

static int swapped_loop(void) {
  double *a = malloc(N * sizeof(double)), *pad = malloc(100), *b = malloc(N * sizeof(double));
  double *da = calloc(N, sizeof(double)), *pad2 = malloc(200), *db = malloc(N * sizeof(double));
  double *cur = a, *next = b, *dcur = da, *dnext = db, *s;
  int bad = 0;
  for (int t = 0; t < 2; t++) {
    for (int i = 0; i < N; i++) { cur[i] = 0.5 + i + t; dcur[i] = 0; dnext[i] = 1; }
    __enzyme_autodiff((void *)square_into, enzyme_dup, cur, dcur, enzyme_dup, next, dnext, N);
    for (int i = 0; i < N; i++) bad |= !check_close("loop dx", i, dcur[i], 2 * cur[i]);
    s = cur; cur = next; next = s;
    s = dcur; dcur = dnext; dnext = s;
  }
  free(a); free(b); free(da); free(db); free(pad); free(pad2);
  return bad;
}

static int swapped_wrapper(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double));
  double *da = malloc(N * sizeof(double)), *pad = malloc(64), *db = malloc(N * sizeof(double));
  int bad = 0;
  for (int i = 0; i < N; i++) { a[i] = i + 1; da[i] = 0; db[i] = 1; }
  grad(a, da, b, db, N);
  for (int i = 0; i < N; i++) bad |= !check_close("wrapper da", i, da[i], 2 * a[i]);
  for (int i = 0; i < N; i++) { b[i] = 0.25 * i - 1; db[i] = 0; da[i] = 1; }
  grad(b, db, a, da, N);
  for (int i = 0; i < N; i++) bad |= !check_close("wrapper db", i, db[i], 2 * b[i]);
  free(a); free(b); free(da); free(db); free(pad);
  return bad;
}

int main(void) {
  if (swapped_loop() | swapped_wrapper()) return 1;
  printf("ok\n");
  return 0;
}
