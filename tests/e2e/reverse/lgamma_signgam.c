// lgamma sets signgam, the sign of gamma(x), as errno is set: a module that
// names signgam keeps its math calls in a derivative (the forward sweep runs
// them as the primal does, so signgam is the primal's afterwards), and
// elsewhere an lgamma only the dropped result needs is dropped (a constant
// term lgamma(k + 1) of a Poisson likelihood).  Central differences; the
// sign at negative non-integer x, where gamma changes sign.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
extern int signgam;
double __enzyme_autodiff(void *, ...);

enum { N = 5 };
static double K[N] = {0, 1, 3, 4, 2};

__attribute__((noinline)) double nll(double *w) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += exp(w[i]) - K[i] * w[i] + lgamma(K[i] + 1) + 0.1 * lgamma(w[i]);
  return s;
}

int main(void) {
  int ok = 1;
  double w[N] = {0.3, 1.7, -0.5, 2.2, -1.5}, dw[N] = {0};
  __enzyme_autodiff((void *)nll, enzyme_dup, w, dw);
  int sign_after_gradient = signgam;
  ok &= check_gradient("nll", w, dw, N, nll) == 0;
  nll(w);   /* the primal's last lgamma: lgamma(w[4] = -1.5), gamma(-1.5) > 0 */
  if (sign_after_gradient != signgam) {
    printf("MISMATCH signgam after the gradient: %d, after the primal: %d\n",
           sign_after_gradient, signgam);
    ok = 0;
  }
  return ok ? 0 : 1;
}
