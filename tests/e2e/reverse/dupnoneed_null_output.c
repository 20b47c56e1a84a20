// Reverse mode, an `enzyme_dupnoneed` restrict output the caller passes as
// null (as the reference's ode-real benchmark does): the gradient leaves
// out the primal's stores through it, and what only fed them.  Beside it,
// an output the function reads back after writing it keeps its stores (the
// caller passes real memory): its values feed the later ones.
#include "../check.h"

extern int enzyme_dupnoneed, enzyme_dup;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static void squares(double *__restrict out,
                                              const double *__restrict x, int n) {
  for (int i = 0; i < n; i++) out[i] = x[i] * x[i] * (i + 1);
}

__attribute__((noinline)) static void running(double *__restrict out,
                                              const double *__restrict x, int n) {
  out[0] = x[0];
  for (int i = 1; i < n; i++) out[i] = out[i - 1] * x[i];
}

int main(void) {
  double x[4] = {0.5, -1.5, 2.0, 0.75}, dx[4] = {0}, seed[4] = {1, 2, 3, 4};
  int bad = 0;
  __enzyme_autodiff((void *)squares, enzyme_dupnoneed, (double *)0, seed, enzyme_dup, x, dx, 4);
  for (int i = 0; i < 4; i++) {
    bad += !check_close("squares", i, dx[i], (i + 1) * (i + 1) * 2 * x[i]);
    bad += !check_close("seed", i, seed[i], 0);
  }
  double out[4], dout[4] = {1, 1, 1, 1}, dy[4] = {0};
  __enzyme_autodiff((void *)running, enzyme_dupnoneed, out, dout, enzyme_dup, x, dy, 4);
  // d/dx[k] of sum_i prod_{j<=i} x[j]
  for (int k = 0; k < 4; k++) {
    double want = 0;
    for (int i = k; i < 4; i++) {
      double p = 1;
      for (int j = 0; j <= i; j++) p *= j == k ? 1 : x[j];
      want += p;
    }
    bad += !check_close("running", k, dy[k], want);
  }
  return bad != 0;
}
