// Forward mode drops primal math calls nothing uses; here each result is
// used, but by no float arithmetic: an index, a branch, a store through a
// dupnoneed pointer, or nothing at all.  Tangents of the return value and
// of out[] against central differences, seeding each x in turn.
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
double __enzyme_fwddiff(void *, ...);
#define N 5
static double f(double *x, double *out, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double e = exp(x[i]);
    int k = (int)(e * 3.0) % n;               // an index only
    s += x[k] * x[i];
    double dead = pow(x[i], 3.0);             // nothing
    (void)dead;
    if (log(x[i] + 1.0) > 0.4) s += x[i];     // a branch only
    out[i] = sin(x[i]);                       // a store only
  }
  return s;
}
static double g_out[N];
static int g_which;
static double fx(double *x) { double s = f(x, g_out, N); return g_which < 0 ? s : g_out[g_which]; }
int main(void) {
  double x[N], out[N], dout[N];
  int bad = 0;
  for (int i = 0; i < N; i++) x[i] = 0.15 + 0.21 * i;
  for (int d = 0; d < N; d++) {
    double dx[N] = {0};
    dx[d] = 1.0;
    double ds = __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, enzyme_dupnoneed, out, dout, enzyme_const, N);
    g_which = -1;
    double h = 1e-6, save = x[d];
    x[d] = save + h; double p = fx(x); x[d] = save - h; double m = fx(x); x[d] = save;
    bad += !check_close("ds", d, ds, (p - m) / (2 * h));
    for (int j = 0; j < N; j++) {
      g_which = j;
      x[d] = save + h; p = fx(x); x[d] = save - h; m = fx(x); x[d] = save;
      bad += !check_close("dout", d * N + j, dout[j], (p - m) / (2 * h));
    }
  }
  return bad != 0;
}
