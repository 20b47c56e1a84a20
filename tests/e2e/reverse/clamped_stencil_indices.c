/* A stencil whose neighbour indices are clamped at the edges: clang folds
 * `j == 0 ? 0 : j - 1` into llvm.usub.sat, `i + 1 < N ? i + 1 : N - 1` into
 * llvm.umin and the mirrored `abs(j - MID)` into llvm.abs.  The reverse pass
 * recomputes those indices from the loop counters instead of taping them,
 * so the derivative must read the same neighbours the primal did. */
#include <stdlib.h>
#include "../check.h"

#define N 7
#define MID 3

extern int enzyme_dup, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline))
static void reaction_diffusion(double *out, const double *u, const double *p) {
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < N; j++) {
      unsigned up = i == 0 ? 0 : i - 1, down = i + 1 < N ? i + 1 : N - 1;
      unsigned left = j == 0 ? 0 : j - 1, right = j + 1 < N ? j + 1 : N - 1;
      unsigned mirror = (unsigned)abs((int)j - MID);
      double c = u[i * N + j];
      double lap = u[up * N + j] + u[down * N + j] + u[i * N + left] + u[i * N + right] - 4 * c;
      out[i * N + j] = p[0] * lap + p[1] * c * c * u[i * N + mirror];
    }
}

static double weight(int k) { return 0.5 + 0.1 * (k % 5) - 0.03 * k; }

static double objective(const double *u, const double *p) {
  double out[N * N], s = 0;
  reaction_diffusion(out, u, p);
  for (int k = 0; k < N * N; k++) s += weight(k) * out[k];
  return s;
}

int main(void) {
  double u[N * N], du[N * N] = {0}, out[N * N], dout[N * N];
  double p[2] = {0.7, -1.3}, dp[2] = {0, 0};
  for (int k = 0; k < N * N; k++) {
    u[k] = 0.2 + 0.05 * ((k * 7) % 11);
    dout[k] = weight(k);
  }
  __enzyme_autodiff((void *)reaction_diffusion, enzyme_dupnoneed, out, dout,
                    enzyme_dup, u, du, enzyme_dup, p, dp);
  int ok = 1;
  for (int k = 0; k < N * N; k++)
    ok &= check_close("du", k, du[k], CENTRAL_DIFFERENCE(u[k], 1e-6, objective(u, p)));
  for (int k = 0; k < 2; k++)
    ok &= check_close("dp", k, dp[k], CENTRAL_DIFFERENCE(p[k], 1e-6, objective(u, p)));
  for (int k = 0; k < N * N; k++)
    ok &= check_close("dout", k, dout[k], 0);
  return ok ? 0 : 1;
}
