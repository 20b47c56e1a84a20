// CFLAGS: -ffast-math
// Vectorized one-block loops rebuilt whole in their reverse (cache_policy
// `_sweep_rebuilt` over vector arithmetic and lane moves): a table
// interpolation whose two table reads the SLP vectorizer pairs into one
// vector, and an exp-weighted sum with vector accumulators.  With the shapes
// next to them that must keep their forward loop: a vectorized product (its
// accumulator is no sum), the squares stored as well, and a max reduction.
// An extracted lane's adjoint is added into its vector's adjoint lane by
// lane (context `_add_into_lanes`).  Central differences.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

enum { K = 8, NP = 11, N = 13 };
int n = N, np = NP;   /* not constants: the loops stay loops */

__attribute__((noinline)) double interp(const double *tab, const double *xs) {
  double s = 0;
  for (int i = 0; i < np; i++) {
    double x = xs[i], fl = floor(x);
    int c = (int)fl;
    double fr = x - fl, y = tab[c] * (1 - fr) + tab[c + 1] * fr;
    s += (y - 0.1 * i) * (y - 0.1 * i);
  }
  return s;
}
__attribute__((noinline)) double expsum(const double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(0.3 * x[i]) * x[i] + x[i] * x[i];
  return s;
}
__attribute__((noinline)) double product(const double *x) {
  double p = 1;
  for (int i = 0; i < n; i++) p *= 0.5 + 0.1 * x[i] * x[i];
  return p;
}
__attribute__((noinline)) double stored(const double *x, double *out) {
  double s = 0;
  for (int i = 0; i < n; i++) { out[i] = x[i] * x[i]; s += exp(0.2 * out[i]); }
  return s;
}
__attribute__((noinline)) double largest(const double *x) {
  double m = -1e300;
  for (int i = 0; i < n; i++) m = fmax(m, x[i] * x[i] - 0.1 * i);
  return m;
}

static double g_tab[K], g_x[N], g_out[N];
static double f_interp(void) { return interp(g_tab, g_x); }
static double f_expsum(void) { return expsum(g_x); }
static double f_product(void) { return product(g_x); }
static double f_stored(void) { return stored(g_x, g_out); }
static double f_largest(void) { return largest(g_x); }

static int check_grad(const char *what, double (*f)(void), double *v, const double *dv, int len) {
  int bad = 0;
  for (int i = 0; i < len; i++) bad += !check_close(what, i, dv[i], CENTRAL_DIFFERENCE(v[i], 1e-6, f()));
  return bad;
}

int main(void) {
  double dtab[K] = {0}, dx[N] = {0}, dout[N] = {0};
  for (int j = 0; j < K; j++) g_tab[j] = sin(0.7 * j) + 0.2 * j;
  for (int i = 0; i < N; i++) g_x[i] = 0.35 + 0.47 * i + 0.01 * i * i;   /* in [0, K - 1) */
  int bad = 0;
  __enzyme_autodiff((void *)interp, enzyme_dup, g_tab, dtab, enzyme_dup, g_x, dx);
  bad |= check_grad("interp d/dtab", f_interp, g_tab, dtab, K);
  bad |= check_grad("interp d/dx", f_interp, g_x, dx, NP);
  for (int i = 0; i < N; i++) g_x[i] = 0.9 * sin(1.3 * i) + 0.1;
#define CHECK_ONE(fn)                                              \
  for (int i = 0; i < N; i++) dx[i] = 0;                           \
  __enzyme_autodiff((void *)fn, enzyme_dup, g_x, dx);              \
  bad |= check_grad(#fn, f_##fn, g_x, dx, N);
  CHECK_ONE(expsum)
  CHECK_ONE(product)
  CHECK_ONE(largest)
  for (int i = 0; i < N; i++) dx[i] = dout[i] = 0;
  __enzyme_autodiff((void *)stored, enzyme_dup, g_x, dx, enzyme_dup, g_out, dout);
  bad |= check_grad("stored", f_stored, g_x, dx, N);
  return bad;
}
