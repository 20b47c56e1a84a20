// CFLAGS: -ffast-math
// The transcend shape vectorized (-ffast-math: llvm.pow.v2f64): the
// adjoint of x + 2 reads pow(x, c) back, so c x^(c-1) is c * (p / x) --
// for the whole vector only where every lane's p is a normal number.  In
// each pair below one lane's power underflows (1e-200^1.7 = 1e-340, or
// 1e-300^3.5) while its partial does not: that vector takes the pow calls.
// Closed forms: c * x^(c-1), c - 1 exact in long double.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  double t = 0;
  for (int i = 0; i < n; i++) t += pow(x[i], 1.7) * (x[i] + 2.0) + pow(x[i], 3.5) * x[i];
  return t;
}

static double d_pow(double x, double c) { return c * (double)powl(x, (long double)c - 1); }

int main(void) {
  double x[16], dx[16] = {0};
  for (int i = 0; i < 16; i++) x[i] = 0.25 + 0.5 * i;
  x[3] = 1e-200;
  x[8] = 1e-300;
  x[13] = 1e-100;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 16);
  int bad = 0;
  for (int i = 0; i < 16; i++) {
    double want = d_pow(x[i], 1.7) * (x[i] + 2.0) + pow(x[i], 1.7) + d_pow(x[i], 3.5) * x[i] +
                  pow(x[i], 3.5);
    if (!(fabs(dx[i] - want) <= 1e-12 * fabs(want))) {
      printf("MISMATCH d/dx%d at %g: got %.17g, want %.17g\n", i, x[i], dx[i], want);
      bad++;
    }
  }
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
