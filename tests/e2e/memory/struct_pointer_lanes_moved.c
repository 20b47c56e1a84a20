// Arrays of structs {double w; double *p} whose weight is a double moved
// unchanged from x (c[i].w = x[i]), beside a pointer into x.  clang -O2
// vectorizes the fill as `load <2 x i64>` of x, `inttoptr` to <2 x ptr>,
// shuffled with the pointers into one `<4 x ptr>` store.  The weights' lanes
// are the doubles' bits only once typed_copies.py has made the load one of
// <2 x double>; main refused the store ("holding a double's bits").  Also:
// weights from every other x, from x read backwards, and a pointer read from
// memory instead of computed.  Reverse and forward, against central differences.
#include "struct_pointer_lanes.h"
#include <string.h>

// the fuzzer's seed 13105: weights moved from x, copied by memcpy
__attribute__((noinline)) static double moved(double *x, int n) {
  Cell c[N], d[N];
  for (int i = 0; i < n; i++) { c[i].w = x[i]; c[i].p = &x[n - 1 - i]; }
  memcpy(d, c, n * sizeof(Cell));
  double s = 0;
  for (int i = 0; i < n; i++) s += d[i].w * *d[i].p;
  return s;
}
// weights from every other x
__attribute__((noinline)) static double strided(double *x, int n) {
  Cell c[N / 2];
  for (int i = 0; i < n / 2; i++) { c[i].w = x[2 * i]; c[i].p = &x[2 * i + 1]; }
  double s = 0;
  for (int i = 0; i < n / 2; i++) s += c[i].w * c[i].w * *c[i].p;
  return s;
}
// weights read backwards
__attribute__((noinline)) static double backwards(double *x, int n) {
  Cell c[N];
  for (int i = 0; i < n; i++) { c[i].w = x[n - 1 - i]; c[i].p = &x[i]; }
  double s = 0;
  for (int i = 0; i < n; i++) s += (i + 1) * c[i].w * sin(*c[i].p);
  return s;
}
// pointers read from a local table, weights moved from x
__attribute__((noinline)) static double from_table(double *x, int n) {
  double *table[N];
  for (int i = 0; i < n; i++) table[i] = &x[(i + 3) % n];
  Cell c[N];
  for (int i = 0; i < n; i++) { c[i].w = x[i]; c[i].p = table[i]; }
  double s = 0;
  for (int i = 0; i < n; i++) s += c[i].w * *c[i].p;
  return s;
}

WRAP(moved) WRAP(strided) WRAP(backwards) WRAP(from_table)
int main(void) {
  double x[N];
  FILL_X(x);
  int bad = CHECK_BOTH(moved) + CHECK_BOTH(strided) + CHECK_BOTH(backwards) +
            CHECK_BOTH(from_table);
  printf("bad %d\n", bad);
  return bad != 0;
}
