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

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  double *x = bench_alloc(N), *dx = bench_alloc(N);
  bench_fill(x, N, -4.0, 4.0);

  if (mode == BENCH_PRIMAL) {
    bench_sink += logsumexp(x, N);
    return 0;
  }
  if (mode == BENCH_GRADIENT) {
    __enzyme_autodiff((void *)logsumexp, enzyme_dup, x, dx, N);
    bench_sink += dx[0];
    return 0;
  }

  bench_timer tp = {0}, tg = {0};
  while (bench_more(&tp)) {
    double t0 = bench_now();
    bench_sink += logsumexp(x, N);
    bench_record(&tp, bench_now() - t0);
  }
  while (bench_more(&tg)) {
    memset(dx, 0, N * sizeof *dx);
    double t0 = bench_now();
    __enzyme_autodiff((void *)logsumexp, enzyme_dup, x, dx, N);
    bench_record(&tg, bench_now() - t0);
  }

  // The largest entry has the largest (and least noisy) partial derivative.
  int j = 0;
  for (int i = 1; i < N; i++)
    if (x[i] > x[j]) j = i;
  double xj = x[j], h = 1e-3;
  x[j] = xj + h;
  double fp = logsumexp(x, N);
  x[j] = xj - h;
  double fm = logsumexp(x, N);
  x[j] = xj;
  int ok = bench_check("d lse/dx[argmax]", dx[j], fp, fm, h, 1e-4, 1e-9);
  return bench_report("logsumexp", &tp, &tg, N, ok);
}
