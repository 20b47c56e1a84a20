// A heap array written by two loops in turn (a fill, then an update of
// every cell), then read by a loop that the first loop's exit dominates
// too: the value a read sees is the second store's, so the reverse pass
// must not rebuild it from the first store's expression (the forwarding
// of a single store, gmm's centred x, must not take either of two).
// (as the reference builds gmm: no vectorizing, no unrolling)
// CFLAGS: -fno-unroll-loops -fno-vectorize -fno-slp-vectorize
#include "../check.h"
#include <stdlib.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 6
#define P 3

static double objective(double *x, double *mu, int n, int p) {
  double *two = malloc(n * sizeof(double));
  double s = 0;
  for (int r = 0; r < p; r++) {
    for (int j = 0; j < n; j++) two[j] = x[r * n + j] * mu[j];
    for (int j = 0; j < n; j++) two[j] += x[j] * x[r * n + j];
    double q = 0;
    for (int i = 0; i < n; i++) q += two[i] * two[i] * mu[i];
    s += sin(q);
  }
  free(two);
  return s;
}

static double *g_mu;
static double of_x(double *x) { return objective(x, g_mu, N, P); }

int main(void) {
  double x[P * N], dx[P * N] = {0}, mu[N], dmu[N] = {0};
  for (int i = 0; i < P * N; i++) x[i] = 0.1 * ((i * 7) % 11) - 0.45;
  for (int i = 0; i < N; i++) mu[i] = 0.05 * ((i * 5) % 13) - 0.3;
  __enzyme_autodiff((void *)objective, enzyme_dup, x, dx, enzyme_dup, mu, dmu,
                    enzyme_const, N, enzyme_const, P);
  g_mu = mu;
  int bad = check_gradient("dx", x, dx, P * N, of_x);
  for (int i = 0; i < N; i++) {
    double want = CENTRAL_DIFFERENCE(mu[i], 1e-6, objective(x, mu, N, P));
    bad += !check_close("dmu", i, dmu[i], want);
  }
  return bad != 0;
}
