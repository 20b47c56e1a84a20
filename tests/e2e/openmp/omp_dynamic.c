// CFLAGS: -fopenmp
// Dynamic and guided schedules: which chunks a thread gets depends on
// timing, so the reverse replays the chunks each thread recorded.  Both
// loops read neighbours (atomic adds in reverse); closed forms, both modes.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 47 };

void chunks(const double *x, double *y, double *z, int n) {
#pragma omp parallel for schedule(dynamic, 3)
  for (int i = 0; i < n; i++) y[i] = sin(x[i]) * x[(i + 3) % n];
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < n; i++) z[i] = y[i] * y[(i + 1) % n];
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], dx[N], y[N], dy[N], z[N], dz[N], v[N], ty[N], tz[N], g[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.2 + 0.03 * i; dx[i] = 0; dy[i] = 0; dz[i] = 1.0 + 0.1 * i; v[i] = cos(i);
  }
  __enzyme_autodiff((void *)chunks, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_dup, z, dz,
                    enzyme_const, N);
  // dL/dy[k] = w[k] y[k+1] + w[k-1] y[k-1] with w[k] = 1 + 0.1 k
  for (int k = 0; k < N; k++) {
    int up = (k + 1) % N, down = (k - 1 + N) % N;
    g[k] = (1.0 + 0.1 * k) * y[up] + (1.0 + 0.1 * down) * y[down];
  }
  for (int i = 0; i < N; i++) {
    int down3 = (i - 3 + N) % N;
    check("dx", i, dx[i], g[i] * cos(x[i]) * x[(i + 3) % N] + g[down3] * sin(x[down3]));
  }
  __enzyme_fwddiff((void *)chunks, enzyme_dup, x, v, enzyme_dup, y, ty, enzyme_dup, z, tz,
                   enzyme_const, N);
  for (int i = 0; i < N; i++) {
    int j = (i + 3) % N;
    check("ty", i, ty[i], cos(x[i]) * v[i] * x[j] + sin(x[i]) * v[j]);
  }
  for (int i = 0; i < N; i++) {
    int j = (i + 1) % N;
    check("tz", i, tz[i], ty[i] * y[j] + y[i] * ty[j]);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
