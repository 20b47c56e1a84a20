// posix_memalign returns its block through its first argument: the block
// (a scratch copy of x, scaled) carries derivatives, so it gets a shadow.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

double energy(const double *x, int n) {
  double *tmp;
  if (posix_memalign((void **)&tmp, 64, n * sizeof(double)) != 0)
    return 0.0;
  for (int i = 0; i < n; i++) tmp[i] = sin(x[i]) * x[i];
  double s = 0.0;
  for (int i = 0; i < n; i++) s += tmp[i] * tmp[i];
  free(tmp);
  return s;
}

int main(void) {
  enum { N = 5 };
  double x[N], dx[N] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.2 * i;
  __enzyme_autodiff((void *)energy, enzyme_dup, x, dx, enzyme_const, N);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double t = sin(x[i]) * x[i], dt = cos(x[i]) * x[i] + sin(x[i]);
    double want = 2 * t * dt;
    if (fabs(dx[i] - want) > 1e-12 * (1 + fabs(want))) {
      printf("MISMATCH dx[%d]: got %.17g, want %.17g\n", i, dx[i], want);
      bad = 1;
    }
  }
  return bad;
}
