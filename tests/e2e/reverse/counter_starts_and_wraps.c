// Loop counters the reverse pass computes or sets instead of taping, in
// shapes beside the ones they were made for: siblings of the exit test's
// counter whose start is read per round from memory the function then
// changes, a sibling stepping by 2 (kept), a downward pair, a sibling read
// after its loop; clamped-neighbour loops whose i8 counter wraps, whose
// counter steps by 3, and whose start changes with an outer counter (each
// run still ends at n - 1).  Central differences.
// CFLAGS: -fno-unroll-loops -fno-vectorize -fno-slp-vectorize
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 8
#define M 12
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static double siblings(double *x, int *off, int n, int rounds) {
  double s = 0;
  for (int r = 0; r < rounds; r++) {
    int p = off[r], q = off[r] - 1;
    for (int i = 0; i != n; i++, p++, q += 2) s += x[p] * sin(x[i] * s + x[q + 1]);
    s += x[p - 1] * s;
    int d = off[r] + n;
    for (int j = n; j != 0; j--, d--) s += x[d] * x[j] * 0.5;
    off[r] = (off[r] + 1) % 4;                          // the next call starts elsewhere
  }
  return s;
}

static double clamped(double *x, int n) {
  double s = 0;
  for (unsigned char c = 250; c != 20; c++) {           // wraps: 26 iterations
    int i = c % n;
    s += x[clampi(i - 1, 0, n - 1)] * x[i] * 0.01 + 0.001 * sin(x[clampi(i + 1, 0, n - 1)] * s);
  }
  for (int i = 1; i < 3 * n; i += 3) {
    int k = i % n;
    s += x[k > 0 ? k - 1 : 0] * x[k < n - 1 ? k + 1 : n - 1] * 0.1;
  }
  for (int r = 0; r < 3; r++)
    for (int j = r; j != n; j++)
      s += 0.05 * x[clampi(j + 1, 0, n - 1)] * sin(x[clampi(j - r, 0, n - 1)] + s * 0.1);
  return s;
}

static const int start_off[3] = {0, 2, 1};
static double siblings_x(double *x) { int o[3] = {0, 2, 1}; return siblings(x, o, 4, 3); }
static double clamped_x(double *x) { return clamped(x, N); }

int main(void) {
  double x[M], dx[M] = {0}, dc[N] = {0};
  int off[3] = {0, 2, 1};
  for (int i = 0; i < M; i++) x[i] = 0.2 + 0.07 * i;
  __enzyme_autodiff((void *)siblings, enzyme_dup, x, dx, enzyme_const, off,
                    enzyme_const, 4, enzyme_const, 3);
  int bad = check_gradient("siblings", x, dx, M, siblings_x);
  for (int r = 0; r < 3; r++) bad += !check_close("off", r, off[r], (start_off[r] + 1) % 4);
  for (int i = 0; i < N; i++) x[i] = 0.2 + 0.09 * i;
  __enzyme_autodiff((void *)clamped, enzyme_dup, x, dc, enzyme_const, N);
  bad += check_gradient("clamped", x, dc, N, clamped_x);
  return bad != 0;
}
