// Log-likelihood of N points in D dimensions under a mixture of K diagonal
// Gaussians, with a log-sum-exp over the components of each point.  The
// mixture weights are softmax(alpha).  Gradient w.r.t. alpha and the means;
// the points and the inverse standard deviations are constant.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { N = 50000, K = 16, D = 32 };

__attribute__((noinline)) double gmm_loglik(const double *alpha, const double *mu,
                                            const double *inv_sd, const double *x, int n) {
  // log of the softmax normalizer of the weights
  double amax = alpha[0];
  for (int k = 1; k < K; k++)
    if (alpha[k] > amax) amax = alpha[k];
  double z = 0.0;
  for (int k = 0; k < K; k++) z += exp(alpha[k] - amax);
  double log_z = amax + log(z);

  // log weight plus log determinant of each component
  double base[K];
  for (int k = 0; k < K; k++) {
    double s = alpha[k];
    for (int d = 0; d < D; d++) s += log(inv_sd[k * D + d]);
    base[k] = s;
  }

  double a[K], total = 0.0;
  for (int i = 0; i < n; i++) {
    const double *xi = x + (long)i * D;
    double m = -INFINITY;
    for (int k = 0; k < K; k++) {
      double q = 0.0;
      for (int d = 0; d < D; d++) {
        double t = (xi[d] - mu[k * D + d]) * inv_sd[k * D + d];
        q += t * t;
      }
      a[k] = base[k] - 0.5 * q;
      if (a[k] > m) m = a[k];
    }
    double s = 0.0;
    for (int k = 0; k < K; k++) s += exp(a[k] - m);
    total += m + log(s);
  }
  const double half_log_2pi = 0.91893853320467274178;
  return total - n * (log_z + D * half_log_2pi);
}

static double *alpha, *mu, *inv_sd, *x, *dalpha, *dmu;

static double objective(void) { return gmm_loglik(alpha, mu, inv_sd, x, N); }

static void zero_shadows(void) {
  memset(dalpha, 0, K * sizeof *dalpha);
  memset(dmu, 0, K * D * sizeof *dmu);
}

static void gradient(void) {
  __enzyme_autodiff((void *)gmm_loglik, enzyme_dup, alpha, dalpha, enzyme_dup, mu, dmu,
                    enzyme_const, inv_sd, enzyme_const, x, N);
}

static int check(void) {
  const int j = 3 * D + 5;  // mean of component 3, dimension 5
  int ok = bench_check_param("d loglik/d mu[3][5]", mu + j, dmu[j], objective, 1e-5, 1e-5, 1e-4);
  ok &= bench_check_param("d loglik/d alpha[7]", alpha + 7, dalpha[7], objective, 1e-5, 1e-5,
                          1e-4);
  return ok;
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  alpha = bench_alloc(K), mu = bench_alloc(K * D), inv_sd = bench_alloc(K * D);
  x = bench_alloc((long)N * D);
  dalpha = bench_alloc(K), dmu = bench_alloc(K * D);
  bench_fill(alpha, K, -1.0, 1.0);
  bench_fill(mu, K * D, -2.0, 2.0);
  bench_fill(inv_sd, K * D, 0.5, 1.5);
  bench_fill(x, (long)N * D, -3.0, 3.0);
  bench_program p = {"gmm", K + K * D, objective, zero_shadows, gradient, check};
  return bench_main(mode, &p);
}
