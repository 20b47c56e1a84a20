// ADBench's Gaussian mixture objective (d = 32, K = 25, n = 1000), written
// from its definition.  Component k has weight softmax(alpha)_k, mean mu_k and
// inverse covariance Q_k^T Q_k, where Q_k is lower triangular with diagonal
// exp(q_k) and strictly lower part L_k.  The parameters of Q_k are packed
// per component as icf = [q_k (d values), L_k column by column].
//
//   f = sum_i logsumexp_k(alpha_k + sum(q_k) - |Q_k (x_i - mu_k)|^2 / 2)
//       - n logsumexp(alpha) - n d log(2 pi) / 2
//       + sum_k (g^2 / 2)(|exp(q_k)|^2 + |L_k|^2) - m sum(q_k) - K C(d, g, m)
//
// the last line being the log of a Wishart prior (g = 1, m = 0).  Gradient
// w.r.t. alpha, mu and icf (all 1 ... K*(d + d(d+1)/2) + K*d + K inputs).
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { D = 32, K = 25, NPTS = 1000, NL = D * (D - 1) / 2, NICF = D + NL };

static double log_sum_exp(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++)
    if (v[i] > m) m = v[i];
  double s = 0.0;
  for (int i = 0; i < n; i++) s += exp(v[i] - m);
  return m + log(s);
}

// log of the Wishart normalizer C(d, g, m) of one component, n = d + m + 1:
// n d (log g - log(2) / 2) - log Gamma_d(n / 2), Gamma_d the multivariate gamma
static double wishart_log_constant(double gamma, int m) {
  int n = D + m + 1;
  double c = n * D * (log(gamma) - 0.5 * log(2.0));
  double lgamma_d = 0.25 * D * (D - 1) * log(M_PI);
  for (int j = 1; j <= D; j++) lgamma_d += lgamma(0.5 * n + 0.5 * (1 - j));
  return c - lgamma_d;
}

__attribute__((noinline)) double gmm_objective(const double *alpha, const double *mu,
                                               const double *icf, const double *x, int n,
                                               double log_const) {
  const double gamma = 1.0, m = 0.0;
  double sum_q[K], main_term[K], xc[D], qx[D];
  for (int k = 0; k < K; k++) {
    double s = 0.0;
    for (int j = 0; j < D; j++) s += icf[k * NICF + j];
    sum_q[k] = s;
  }
  double total = 0.0;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < K; k++) {
      const double *q = icf + k * NICF, *l = q + D;
      for (int j = 0; j < D; j++) {
        xc[j] = x[i * D + j] - mu[k * D + j];
        qx[j] = exp(q[j]) * xc[j];
      }
      int p = 0;  // L_k column by column: entry (r, c) for r > c
      for (int c = 0; c < D; c++)
        for (int r = c + 1; r < D; r++) qx[r] += l[p++] * xc[c];
      double sq = 0.0;
      for (int j = 0; j < D; j++) sq += qx[j] * qx[j];
      main_term[k] = alpha[k] + sum_q[k] - 0.5 * sq;
    }
    total += log_sum_exp(main_term, K);
  }
  double prior = 0.0;
  for (int k = 0; k < K; k++) {
    const double *q = icf + k * NICF;
    double frob = 0.0;
    for (int j = 0; j < D; j++) frob += exp(2.0 * q[j]);
    for (int j = D; j < NICF; j++) frob += q[j] * q[j];
    prior += 0.5 * gamma * gamma * frob - m * sum_q[k];
  }
  const double half_log_2pi = 0.91893853320467274178;
  return total - n * log_sum_exp(alpha, K) - n * D * half_log_2pi + prior - K * log_const;
}

static double *alpha, *mu, *icf, *x, *dalpha, *dmu, *dicf;
static double log_const;

static double objective(void) { return gmm_objective(alpha, mu, icf, x, NPTS, log_const); }

static void zero_shadows(void) {
  memset(dalpha, 0, K * sizeof *dalpha);
  memset(dmu, 0, K * D * sizeof *dmu);
  memset(dicf, 0, K * NICF * sizeof *dicf);
}

static void gradient(void) {
  __enzyme_autodiff((void *)gmm_objective, enzyme_dup, alpha, dalpha, enzyme_dup, mu, dmu,
                    enzyme_dup, icf, dicf, enzyme_const, x, NPTS, enzyme_const, log_const);
}

static int check(void) {
  int ok = bench_check_param("d f/d alpha[4]", alpha + 4, dalpha[4], objective, 1e-6, 1e-5, 1e-3);
  ok &= bench_check_param("d f/d mu[7][3]", mu + 7 * D + 3, dmu[7 * D + 3], objective, 1e-6,
                          1e-5, 1e-3);
  ok &= bench_check_param("d f/d q[2][5]", icf + 2 * NICF + 5, dicf[2 * NICF + 5], objective,
                          1e-6, 1e-5, 1e-3);
  ok &= bench_check_param("d f/d L[11][100]", icf + 11 * NICF + D + 100,
                          dicf[11 * NICF + D + 100], objective, 1e-6, 1e-5, 1e-3);
  return ok;
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  alpha = bench_alloc(K), mu = bench_alloc(K * D), icf = bench_alloc(K * NICF);
  x = bench_alloc(NPTS * D);
  dalpha = bench_alloc(K), dmu = bench_alloc(K * D), dicf = bench_alloc(K * NICF);
  bench_fill(alpha, K, -1.0, 1.0);
  bench_fill(mu, K * D, -1.0, 1.0);
  bench_fill(icf, K * D, -0.5, 0.5);  // refilled per component below
  for (int k = 0; k < K; k++) {
    bench_fill(icf + k * NICF, D, -0.3, 0.3);
    bench_fill(icf + k * NICF + D, NL, -0.1, 0.1);
  }
  bench_fill(x, NPTS * D, -1.0, 1.0);
  log_const = wishart_log_constant(1.0, 0);

  bench_program p = {"adbench_gmm", K + K * D + K * NICF, objective, zero_shadows, gradient,
                     check};
  return bench_main(mode, &p);
}
