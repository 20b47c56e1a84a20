// CFLAGS: -fopenmp
// Time steps of a parallel stencil that overwrites its input: l * r feeds
// sin, and the reverse sweep computes it again from l and r, which it reads
// back from the tape anyway for the product's own adjoint (cache_policy.py,
// _kept_anyway), instead of keeping the product too.  The second region
// overwrites u, so l and r come from the tape of the same iteration, never
// from memory.  Gradient by central differences.
#include <math.h>
#include <stdio.h>

#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

enum { N = 17, STEPS = 3 };

void steps(double *u, double *tmp, int n) {
  for (int s = 0; s < STEPS; s++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      double l = u[i > 0 ? i - 1 : i], r = u[i < n - 1 ? i + 1 : i];
      tmp[i] = u[i] + 0.3 * sin(l * r) - 0.2 * l * r * u[i];
    }
#pragma omp parallel for
    for (int i = 0; i < n; i++) u[i] = tmp[i];
  }
}

static double loss(double *x) {
  double u[N], tmp[N], s = 0;
  for (int i = 0; i < N; i++) u[i] = x[i];
  steps(u, tmp, N);
  for (int i = 0; i < N; i++) s += (1.0 + 0.1 * i) * u[i];
  return s;
}

int main(void) {
  double x[N], u[N], du[N], tmp[N], dtmp[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 + 0.4 * sin(1.3 * i);
    u[i] = x[i];
    du[i] = 1.0 + 0.1 * i;
    dtmp[i] = 0;
  }
  __enzyme_autodiff((void *)steps, enzyme_dup, u, du, enzyme_dup, tmp, dtmp, enzyme_const, N);
  if (check_gradient("du", x, du, N, loss)) return 1;
  printf("ok\n");
  return 0;
}
