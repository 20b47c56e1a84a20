// CFLAGS: -fno-math-errno -fveclib=libmvec -mavx2 -mfma
// overflow_discarded.c's capped exp and written-out sigmoid in a loop the
// vectorizer gives glibc's vector exp (_ZGVdN4v_exp): lanes at x = 800 and
// -800, where exp overflows and its value is capped or divided away, beside
// ordinary lanes.  The reverse gradient was NaN in those lanes.  Closed form.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

enum { N = 16 };
__attribute__((noinline)) double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += fmin(exp(x[i]), 1e10) + 1 / (1 + exp(-x[i]));
  return s;
}

int main(void) {
  double x[N], dx[N] = {0};
  for (int i = 0; i < N; i++) x[i] = i % 4 == 0 ? 800.0 : i % 4 == 1 ? -800.0 : 0.3 * i - 2;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, N);
  int ok = 1;
  for (int i = 0; i < N; i++) {
    double e = exp(x[i]), s = 1 / (1 + exp(-x[i]));
    ok &= check_close("reverse", i, dx[i], (e < 1e10 ? e : 0) + s * (1 - s));
  }
  return ok ? 0 : 1;
}
