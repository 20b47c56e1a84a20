// A loop counter stepping beside the one its exit test reads (gmm's
// running index into a packed triangle): the reverse pass computes it from
// that counter and the two starts instead of keeping it.  Beside it: a
// sibling counting down, one whose last value is read after the loop, one
// stepping by another amount (kept), and a sibling in a loop whose trip
// count comes from the data.
// CFLAGS: -fno-unroll-loops
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 7

static double objective(double *x) {
  double out[N], s = 0;
  const double *ltri = x + N;                 // the strictly lower triangle, packed
  for (int i = 0; i < N; i++) out[i] = x[i] * x[(i + 3) % N];
  for (int i = 0; i < N; i++) {
    int idx = i * (2 * N - i - 1) / 2;
    for (int j = i + 1; j < N; j++) {
      out[j] += ltri[idx] * x[i];
      idx++;
    }
  }
  for (int i = 0; i < N; i++) s += out[i] * out[i];
  for (int r = 1; r < 4; r++) {
    long k = 3 * r + 2;                       // counts down beside j
    long m = r;                               // read after the loop
    for (long j = N - 1; j >= r; j--, k--, m++) s += x[j] * ltri[k] * ltri[m % 21];
    s += ltri[m % 21] * x[r];
    long w = 0;                               // steps by 2: kept
    for (int j = 0; j < N; j++, w += 2) s += x[j] * ltri[w % 21];
  }
  int len = 2 + (x[0] > 0);                   // a trip count from the data
  for (int j = 0, q = 5; j < len; j++, q++) s += x[j + 1] * ltri[q] * x[q % N];
  return s;
}

int main(void) {
  double x[N + 21], dx[N + 21] = {0};
  for (int i = 0; i < N + 21; i++) x[i] = 0.1 * ((i * 7) % 11) - 0.45;
  __enzyme_autodiff((void *)objective, x, dx);
  return check_gradient("dx", x, dx, N + 21, objective) != 0;
}
