// A heap array refilled by a loop for every (point, component), then read
// by later loops over the same range (gmm's centred x): the reverse pass
// computes the value a read saw from the store's expression again, for the
// read's index, instead of taping it.  Beside it, arrays whose reads stay
// taped: one written by two loops, one whose filling loop runs only on some
// rounds, one filled from memory the function writes again.
// (as the reference builds gmm: no vectorizing, no unrolling)
// CFLAGS: -fno-unroll-loops -fno-vectorize -fno-slp-vectorize
#include "../check.h"
#include <stdlib.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define D 5
#define K 3
#define P 4

static double objective(double *x, double *mu, int n, int k, int p) {
  double *xc = malloc(n * sizeof(double));        // one store: forwarded
  double *two = malloc(n * sizeof(double));       // two stores: taped
  double *some = malloc(n * sizeof(double));      // filled on one path: taped
  double *acc = malloc(n * sizeof(double));       // written again later: taped
  double *from = malloc(n * sizeof(double));      // filled from acc: taped
  double s = 0;
  for (int j = 0; j < n; j++) acc[j] = 1.0;
  for (int r = 0; r < p; r++) {
    for (int c = 0; c < k; c++) {
      for (int j = 0; j < n; j++) xc[j] = x[r * n + j] - mu[c * n + j];
      for (int j = 0; j < n; j++) two[j] = xc[j] * mu[j];
      for (int j = 0; j < n; j++) two[j] += x[j] * 0.5;
      double q = 0;
      if (r == 0 || x[r] > 0) {                   // else last round's values
        for (int j = 0; j < n; j++) some[j] = mu[c * n + j] * x[j];
        q = some[n - 1] * x[r];                   // a block after the loop, on this path only
      }
      for (int j = 0; j < n; j++) from[j] = acc[j] * x[r * n + j];
      for (int i = 0; i < n; i++) q += xc[i] * xc[i] * mu[i] + two[i] * from[i];
      for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) q += xc[i] * xc[j] * two[j] + some[i] * from[j];
      for (int j = 0; j < n; j++) acc[j] += 0.1 * xc[j];
      s += sin(q);
    }
  }
  free(xc); free(two); free(some); free(acc); free(from);
  return s;
}

static double *g_mu;
static double of_x(double *x) { return objective(x, g_mu, D, K, P); }

int main(void) {
  double x[P * D], dx[P * D] = {0}, mu[K * D], dmu[K * D] = {0};
  for (int i = 0; i < P * D; i++) x[i] = 0.1 * ((i * 7) % 11) - 0.45;
  for (int i = 0; i < K * D; i++) mu[i] = 0.05 * ((i * 5) % 13) - 0.3;
  __enzyme_autodiff((void *)objective, enzyme_dup, x, dx, enzyme_dup, mu, dmu,
                    enzyme_const, D, enzyme_const, K, enzyme_const, P);
  g_mu = mu;
  int bad = check_gradient("dx", x, dx, P * D, of_x);
  for (int i = 0; i < K * D; i++) {
    double want = CENTRAL_DIFFERENCE(mu[i], 1e-6, objective(x, mu, D, K, P));
    bad += !check_close("dmu", i, dmu[i], want);
  }
  return bad != 0;
}
