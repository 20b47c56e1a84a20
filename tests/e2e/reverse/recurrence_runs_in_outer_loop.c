// Inner loops that carry a float through itself, run once per point by an
// outer loop, their last values read after them.  Horner's scheme (a sum
// and a product of the carried value; clang fuses it into fmuladd) resets
// its counter in the reverse for runs of any constant length; the last
// step of a running value read after its loop is kept, not recomputed
// from the carried value.  Beside them: a plain sum and a product (the
// reductions whose counters stay saved per run), a run that breaks on
// data, and a run whose length comes from the outer loop.  Central
// differences in the coefficients and the points.
#include "../check.h"

double __enzyme_autodiff(void *, ...);
extern int enzyme_const, enzyme_dup;

enum { NC = 40, NP = 7 };

__attribute__((noinline)) double loss(const double *c, const double *t, int np) {
  double l = 0.0;
  for (int i = 0; i < np; i++) {
    double x = t[i];
    double p = 0.0, q = 0.0, s = 0.0, m = 1.0, b = 0.0, r = 0.0;
    for (int k = NC / 2 - 1; k >= 0; k--) p = p * x + c[k];            // Horner, down
    for (int k = NC / 2; k < NC; k++) q = q * x * 0.1 + c[k] * c[k];   // up, squares
    for (int k = 0; k < NC; k++) s = s + c[k] * x;                     // a sum
    for (int k = 0; k < NC; k++) m = m * (1.0 + 0.01 * c[k] * x);      // a product
    for (int k = 0; k < NC; k++) {                                     // breaks on data
      if (b > 2.0) break;
      b = b * x + c[k] * c[k];
    }
    for (int k = 0; k <= i; k++) r = r * x + c[k];                     // run from i
    double v = p / (1.0 + q * q) + s * s + m * m + sin(b) + r * r * x;
    l += v * v;
  }
  return l;
}

int main(void) {
  double c[NC], dc[NC] = {0}, t[NP], dt[NP] = {0};
  for (int k = 0; k < NC; k++) c[k] = 0.2 * sin(0.9 * k + 0.3);
  for (int i = 0; i < NP; i++) t[i] = -0.9 + 0.3 * i;
  __enzyme_autodiff((void *)loss, enzyme_dup, c, dc, enzyme_dup, t, dt, enzyme_const, NP);
  int failures = 0;
  for (int k = 0; k < NC; k++)
    failures += !check_close("dc", k, dc[k], CENTRAL_DIFFERENCE(c[k], 1e-6, loss(c, t, NP)));
  for (int i = 0; i < NP; i++)
    failures += !check_close("dt", i, dt[i], CENTRAL_DIFFERENCE(t[i], 1e-6, loss(c, t, NP)));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
