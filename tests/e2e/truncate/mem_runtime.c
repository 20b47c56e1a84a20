// Memory mode through the MPFR runtime: the truncated function takes,
// computes with and returns handles of runtime numbers of the target
// precision; literals, comparisons and integer conversions go through the
// runtime too.  Checked against each operation rounded by hand.
// CFLAGS: -ffp-contract=off -g
// LDFLAGS: -lmpfr
#include <enzyme/fprt/mpfr.h>
#include <math.h>
#include <stdio.h>

typedef double (*fn2)(double, int);
fn2 __enzyme_truncate_mem_func(void *, ...);
double __enzyme_truncate_mem_value(double, int, int);
double __enzyme_expand_mem_value(double, int, int);

double horner(double x, int n) {
  double acc = 1.0;
  for (int i = 0; i < n; i++) {
    acc = acc * x + 0.1;
    if (acc > 2.0) acc = acc - i;
  }
  return acc;
}

static double r(double x) { // to 10 significant bits, ties to even
  int e;
  if (x == 0) return x;
  frexp(x, &e);
  double scale = ldexp(1.0, 10 - e);
  return nearbyint(x * scale) / scale;
}

int main(void) {
  double x = 1.0 / 3.0 + 1;
  double want = 1.0, rx = r(x);
  for (int i = 0; i < 6; i++) {
    want = r(r(want * rx) + r(0.1));
    if (want > 2.0) want = r(want - i);
  }
  double h = __enzyme_truncate_mem_value(x, 64, 16);
  double got = __enzyme_expand_mem_value(
      __enzyme_truncate_mem_func((void *)horner, 64, 16)(h, 6), 64, 16);
  if (got != want || got == horner(x, 6)) {
    printf("MISMATCH horner 64to16: got %.17g, want %.17g (double: %.17g)\n", got, want,
           horner(x, 6));
    return 1;
  }
  return 0;
}
