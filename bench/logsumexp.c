// Log-sum-exp of a 2^20-element vector (8 MB: each pass streams it from
// memory).  The gradient is the softmax of x.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { N = 1 << 20 };

__attribute__((noinline)) double logsumexp(const double *x, int n) {
  double m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m) m = x[i];
  double s = 0.0;
  for (int i = 0; i < n; i++) s += exp(x[i] - m);
  return m + log(s);
}

static double *x, *dx;

static double objective(void) { return logsumexp(x, N); }

static void zero_shadow(void) { memset(dx, 0, N * sizeof *dx); }

static void gradient(void) { __enzyme_autodiff((void *)logsumexp, enzyme_dup, x, dx, N); }

// The largest entry has the largest (and least noisy) partial derivative.
static int check(void) {
  int j = 0;
  for (int i = 1; i < N; i++)
    if (x[i] > x[j]) j = i;
  return bench_check_param("d lse/dx[argmax]", x + j, dx[j], objective, 1e-3, 1e-4, 1e-9);
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  x = bench_alloc(N), dx = bench_alloc(N);
  bench_fill(x, N, -4.0, 4.0);
  bench_program p = {"logsumexp", N, objective, zero_shadow, gradient, check};
  return bench_main(mode, &p);
}
