/* Clamped-neighbour stencils whose loops run a constant 24 and 40 times:
 * more than the 16 iterations up to which the reverse pass sets any loop's
 * counter to its known last value instead of taping it.  A loop that reads
 * at clamped positions gets the constant at any length, so every run of
 * these inner loops (24 runs of the grid's rows, 3 time steps of the 1-D
 * smoother) must be reversed from the right last index, next to a strided
 * copy loop whose counter is still taped. */
#include "../check.h"

#define N 24
#define M 40
#define STEPS 3

extern int enzyme_dup, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline))
static void diffuse(double *out, const double *u, const double *p) {
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < N; j++) {
      unsigned up = i == 0 ? 0 : i - 1, down = i == N - 1 ? i : i + 1;
      unsigned left = j == 0 ? 0 : j - 1, right = j == N - 1 ? j : j + 1;
      double c = u[i * N + j];
      double lap = u[up * N + j] + u[down * N + j] + u[i * N + left] + u[i * N + right] - 4 * c;
      out[i * N + j] = p[0] * lap + p[1] * c * c;
    }
}

__attribute__((noinline))
static void smooth(double *x, const double *w) {
  double next[M];
  for (int t = 0; t < STEPS; t++) {
    for (unsigned k = 0; k < M; k++) {
      unsigned l = k == 0 ? 0 : k - 1, r = k + 1 < M ? k + 1 : M - 1;
      next[k] = w[0] * x[l] + w[1] * x[k] + w[2] * x[r] * x[k];
    }
    for (unsigned k = 0; k < M; k++) x[k] = next[k];
  }
}

static double weight(int k) { return 0.5 + 0.1 * (k % 5) - 0.01 * k; }

static double grid_objective(const double *u, const double *p) {
  double out[N * N], s = 0;
  diffuse(out, u, p);
  for (int k = 0; k < N * N; k++) s += weight(k) * out[k];
  return s;
}

static double line_objective(const double *x0, const double *w) {
  double x[M], s = 0;
  for (int k = 0; k < M; k++) x[k] = x0[k];
  smooth(x, w);
  for (int k = 0; k < M; k++) s += weight(k) * x[k];
  return s;
}

int main(void) {
  static double u[N * N], du[N * N], out[N * N], dout[N * N];
  double p[2] = {0.7, -1.3}, dp[2] = {0, 0};
  double x0[M], x[M], dx[M], w[3] = {0.3, 0.5, 0.15}, dw[3] = {0, 0, 0};
  for (int k = 0; k < N * N; k++) {
    u[k] = 0.2 + 0.05 * ((k * 7) % 11);
    dout[k] = weight(k);
  }
  for (int k = 0; k < M; k++) x[k] = x0[k] = 0.4 + 0.03 * ((k * 5) % 13), dx[k] = weight(k);
  __enzyme_autodiff((void *)diffuse, enzyme_dupnoneed, out, dout,
                    enzyme_dup, u, du, enzyme_dup, p, dp);
  __enzyme_autodiff((void *)smooth, enzyme_dup, x, dx, enzyme_dup, w, dw);
  int ok = 1;
  for (int k = 0; k < N * N; k++)
    ok &= check_close("du", k, du[k], CENTRAL_DIFFERENCE(u[k], 1e-6, grid_objective(u, p)));
  for (int k = 0; k < 2; k++)
    ok &= check_close("dp", k, dp[k], CENTRAL_DIFFERENCE(p[k], 1e-6, grid_objective(u, p)));
  for (int k = 0; k < M; k++)
    ok &= check_close("dx", k, dx[k], CENTRAL_DIFFERENCE(x0[k], 1e-6, line_objective(x0, w)));
  for (int k = 0; k < 3; k++)
    ok &= check_close("dw", k, dw[k], CENTRAL_DIFFERENCE(w[k], 1e-6, line_objective(x0, w)));
  return ok ? 0 : 1;
}
