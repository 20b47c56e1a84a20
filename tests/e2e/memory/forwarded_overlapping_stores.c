// A heap buffer refilled each round by one store in a loop, then read by a
// loop over the same counter values (the shape whose reads the reverse pass
// computes again from the store's expression).  Here the store writes a
// pair of doubles and the counter moves the address by one double: each
// store's second lane is overwritten by the next one's first, so a read
// sees two stores and must stay taped.  Beside it the same pairs 16 bytes
// apart, which are forwarded.  Central differences for both.
// CFLAGS: -fno-unroll-loops -fno-vectorize -fno-slp-vectorize
#include "../check.h"
#include <stdlib.h>

extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);

#define N 5
#define R 2
typedef double v2 __attribute__((vector_size(16), aligned(8)));

static double overlapping(double *x) {
  char *buf = malloc(8 * N + 16);
  double s = 0;
  for (int r = 0; r < R; r++) {
    for (long j = 0; j != 8 * N; j += 8)        // != : a loop that leaves on j + 8 == 40
      *(v2 *)(buf + j) = *(const v2 *)((const char *)x + j) * (v2){1.0, 2.0};
    s = sin(s);
    for (long k = 0; k != 8 * N; k += 8) { v2 v = *(v2 *)(buf + k), q = v * v; s += q[0] * q[1] * s; }
    s += 1.0;
  }
  free(buf);
  return s;
}

static double apart(double *x) {
  char *buf = malloc(16 * N);
  double s = 0;
  for (int r = 0; r < R; r++) {
    for (long j = 0; j != 16 * N; j += 16)
      *(v2 *)(buf + j) = *(const v2 *)((const char *)x + j / 2) * (v2){1.0, 2.0};
    s = sin(s);
    for (long k = 0; k != 16 * N; k += 16) { v2 v = *(v2 *)(buf + k), q = v * v; s += q[0] * q[1] * s; }
    s += 1.0;
  }
  free(buf);
  return s;
}

int main(void) {
  double x[N + 1], dx[N + 1] = {0}, dx2[N + 1] = {0};
  for (int i = 0; i <= N; i++) x[i] = 0.3 + 0.1 * i;
  __enzyme_autodiff((void *)overlapping, enzyme_dup, x, dx);
  __enzyme_autodiff((void *)apart, enzyme_dup, x, dx2);
  int bad = check_gradient("overlapping", x, dx, N + 1, overlapping);
  bad += check_gradient("apart", x, dx2, N + 1, apart);
  return bad != 0;
}
