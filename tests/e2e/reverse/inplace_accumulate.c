// Accumulations into memory (`p[i] += e`, whose reverse leaves p's shadow in
// place) next to the shapes where leaving it would be wrong: a write through
// a pointer that may be p between the load and the store, the loaded value
// used twice, and `e - p[i]` (coefficient -1).  Each is called with q == p
// as well as with separate arrays.
#include "../check.h"

void __enzyme_autodiff(void *, ...);
extern int enzyme_const, enzyme_dup;

enum { N = 6 };

__attribute__((noinline)) void axpy(double *p, const double *x, double w, int n) {
  for (int i = 0; i < n; i++) p[i] += w * x[i];
}

// Unrolled by two by hand: two accumulations at constant offsets in one block.
__attribute__((noinline)) void axpy2(double *p, const double *x, double w, int n) {
  for (int i = 0; i + 1 < n; i += 2) {
    p[i] = p[i] - w * x[i];
    p[i + 1] = p[i + 1] + w * x[i + 1] * x[i + 1];
  }
}

// q may be p: the store to q sits between the load and the store of p[i].
__attribute__((noinline)) void write_between(double *p, double *q, const double *x, double w,
                                             int n) {
  for (int i = 0; i < n; i++) {
    double old = p[i];
    q[i] = 2.0 * x[i];
    p[i] = old + w * x[i];
  }
}

// The loaded value also scales the increment; and subtracted from it.
__attribute__((noinline)) void used_twice(double *p, double *r, const double *x, int n) {
  for (int i = 0; i < n; i++) {
    p[i] = p[i] + p[i] * x[i];
    r[i] = x[i] - r[i];
  }
}

static int failures;
static void check(const char *what, int k, double got, double want) {
  failures += !check_close(what, k, got, want);
}

static void fill(double *v, double start, double step) {
  for (int i = 0; i < N; i++) v[i] = start + step * i;
}

int main(void) {
  double p[N], dp[N], x[N], dx[N], r[N], dr[N], seed[N];
  const double w = 0.75;
  fill(x, -1.0, 0.4);
  fill(seed, 1.0, -0.3);

  fill(p, 0.5, 0.1), fill(dx, 0, 0), fill(dp, 1.0, -0.3);
  __enzyme_autodiff((void *)axpy, enzyme_dup, p, dp, enzyme_dup, x, dx, enzyme_const, w, N);
  for (int i = 0; i < N; i++) check("axpy dp", i, dp[i], seed[i]), check("axpy dx", i, dx[i], w * seed[i]);

  fill(p, 0.5, 0.1), fill(dx, 0, 0), fill(dp, 1.0, -0.3);
  __enzyme_autodiff((void *)axpy2, enzyme_dup, p, dp, enzyme_dup, x, dx, enzyme_const, w, N);
  for (int i = 0; i < N; i++) {
    check("axpy2 dp", i, dp[i], seed[i]);
    check("axpy2 dx", i, dx[i], i % 2 ? 2 * w * x[i] * seed[i] : -w * seed[i]);
  }

  // Separate q: p's seed stays, x gets w * dp + 2 * dq.
  double q[N], dq[N];
  fill(p, 0.5, 0.1), fill(dx, 0, 0), fill(dp, 1.0, -0.3), fill(dq, 2.0, 0.5);
  __enzyme_autodiff((void *)write_between, enzyme_dup, p, dp, enzyme_dup, q, dq, enzyme_dup, x,
                    dx, enzyme_const, w, N);
  for (int i = 0; i < N; i++) {
    check("write_between dp", i, dp[i], seed[i]);
    check("write_between dq", i, dq[i], 0.0);
    check("write_between dx", i, dx[i], w * seed[i] + 2.0 * (2.0 + 0.5 * i));
  }
  // q == p: the write to q is overwritten, so x gets w * dp only.
  fill(p, 0.5, 0.1), fill(dx, 0, 0), fill(dp, 1.0, -0.3);
  __enzyme_autodiff((void *)write_between, enzyme_dup, p, dp, enzyme_dup, p, dp, enzyme_dup, x,
                    dx, enzyme_const, w, N);
  for (int i = 0; i < N; i++)
    check("write_between(p, p) dp", i, dp[i], seed[i]), check("write_between(p, p) dx", i, dx[i], w * seed[i]);

  double p0[N];
  fill(p, 0.5, 0.1), fill(p0, 0.5, 0.1), fill(r, -0.5, 0.2);
  fill(dx, 0, 0), fill(dp, 1.0, -0.3), fill(dr, 1.0, -0.3);
  __enzyme_autodiff((void *)used_twice, enzyme_dup, p, dp, enzyme_dup, r, dr, enzyme_dup, x, dx,
                    N);
  for (int i = 0; i < N; i++) {
    check("used_twice dp", i, dp[i], seed[i] * (1 + x[i]));
    check("used_twice dr", i, dr[i], -seed[i]);
    check("used_twice dx", i, dx[i], seed[i] * p0[i] + seed[i]);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
