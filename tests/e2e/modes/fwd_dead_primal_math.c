/* Forward mode where the caller wants only the tangent: the primal's
 * pow(x, i) in the series below feeds nothing the tangent needs (its
 * derivative calls pow(x, i - 1)), so the derivative drops the call; exp's
 * and log's primal values are the tangent's own factors (exp' = exp,
 * (log u)' = u'/u through the same u) and must stay.  Checked against
 * closed forms and central differences, also with a zero tangent seed. */
#include "../check.h"
#include "../pow_quotients.h"      /* series */

double __enzyme_fwddiff(void *, ...);

enum { TERMS = 40 };

__attribute__((noinline)) static double mixed(double x, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; i++) {
    double e = exp(x / i);                  /* its value is its own derivative */
    s += pow(x, 0.5 * i) + e * log(1.0 + e * x * x);
  }
  return s;
}

int main(void) {
  int ok = 1;
  const double xs[] = {0.3, 0.9, 1.4};
  for (int k = 0; k < 3; k++) {
    double x = xs[k], want = 0.0;
    for (int i = 1; i <= TERMS; i++) want += pow(x, i - 1);
    ok &= check_close("series", k, __enzyme_fwddiff((void *)series, x, 1.0, TERMS), want);
    ok &= check_close("series seed 0", k, __enzyme_fwddiff((void *)series, x, 0.0, TERMS), 0.0);
    ok &= check_close("series seed 2.5", k, __enzyme_fwddiff((void *)series, x, 2.5, TERMS),
                      2.5 * want);
    double d = __enzyme_fwddiff((void *)mixed, x, 1.0, TERMS);
    ok &= check_close("mixed", k, d, CENTRAL_DIFFERENCE(x, 1e-6, mixed(x, TERMS)));
  }
  return ok ? 0 : 1;
}
