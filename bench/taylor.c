// The series sum_{i=1}^{n} x^i / i (= -log(1-x) as n grows) with n = 10^7
// terms and a pow call per term; gradient w.r.t. x.  x is close to 1 so that
// no term underflows.  The exponent comes from the loop counter: inactive.
#include "bench.h"

double __enzyme_autodiff(void *, ...);

enum { NTERMS = 10000000 };

__attribute__((noinline)) double log_series(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) s += pow(x, i) / i;
  return s;
}

// Read through a volatile so that repeated calls cannot be folded into one.
static volatile double x_in = 0.9999995;

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  if (mode == BENCH_PRIMAL) {
    bench_sink += log_series(x_in, NTERMS);
    return 0;
  }
  if (mode == BENCH_GRADIENT) {
    bench_sink += __enzyme_autodiff((void *)log_series, x_in, NTERMS);
    return 0;
  }

  bench_timer tp = {0}, tg = {0};
  while (bench_more(&tp)) {
    double x = x_in, t0 = bench_now();
    bench_sink += log_series(x, NTERMS);
    bench_record(&tp, bench_now() - t0);
  }
  double dx = 0.0;
  while (bench_more(&tg)) {
    double x = x_in, t0 = bench_now();
    dx = __enzyme_autodiff((void *)log_series, x, NTERMS);
    bench_record(&tg, bench_now() - t0);
  }

  double x = x_in, h = 1e-10;
  double fp = log_series(x + h, NTERMS), fm = log_series(x - h, NTERMS);
  int ok = bench_check("d series/dx", dx, fp, fm, h, 1e-5, 0.0);
  return bench_report("taylor", &tp, &tg, 1, ok);
}
