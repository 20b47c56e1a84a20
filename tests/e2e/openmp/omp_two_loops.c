// CFLAGS: -fopenmp
// One parallel region with two worksharing loops: the second reads what
// other threads wrote in the first, after the barrier between them, so the
// reverse needs that barrier too (between the two loops' reverses).
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 41 };

void two_loops(const double *x, double *a, double *y, int n) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) a[i] = sin(x[i]) * x[i];
#pragma omp for
    for (int i = 0; i < n; i++) y[i] = a[(i + 7) % n] * a[i];
  }
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

static double a_of(double x) { return sin(x) * x; }
static double da_of(double x) { return cos(x) * x + sin(x); }

int main(void) {
  double x[N], dx[N], a[N], da[N], y[N], dy[N], v[N], ty[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.1 + 0.04 * i; dx[i] = 0; da[i] = 0; dy[i] = 1.0 + 0.01 * i;
    v[i] = cos(0.3 * i);
  }
  __enzyme_autodiff((void *)two_loops, enzyme_dup, x, dx, enzyme_dup, a, da,
                    enzyme_dup, y, dy, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    // a[i] is read by y[i] (times a[i+7]) and by y[i-7] (times a[i-7]).
    int up = (i + 7) % N, down = (i - 7 + N) % N;
    double wy = (1.0 + 0.01 * i) * a_of(x[up]) + (1.0 + 0.01 * down) * a_of(x[down]);
    check("dx", i, dx[i], wy * da_of(x[i]));
  }
  __enzyme_fwddiff((void *)two_loops, enzyme_dup, x, v, enzyme_dup, a, da,
                   enzyme_dup, y, ty, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    int up = (i + 7) % N;
    check("ty", i, ty[i], da_of(x[up]) * v[up] * a_of(x[i]) + a_of(x[up]) * da_of(x[i]) * v[i]);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
