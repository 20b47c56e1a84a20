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
static double dx;

static double objective(void) { return log_series(x_in, NTERMS); }

static void gradient(void) { dx = __enzyme_autodiff((void *)log_series, x_in, NTERMS); }

static int check(void) {
  double x = x_in, h = 1e-10;
  double fp = log_series(x + h, NTERMS), fm = log_series(x - h, NTERMS);
  return bench_check("d series/dx", dx, fp, fm, h, 1e-5, 0.0);
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  bench_program p = {"taylor", 1, objective, NULL, gradient, check};
  return bench_main(mode, &p);
}
