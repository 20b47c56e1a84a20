// CFLAGS: -fopenmp
// A critical section whose update does not commute (s = 0.9 s + x^2): the
// adjoint of x[i] is 2 x[i] 0.9^(updates after i's), so the reverse must
// run the sections in the reverse of the order the threads ran them.  The
// program records that order (an integer, no derivative) and checks the
// gradient against it; forward mode too.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 31 };
static int order[N], count;     // the order the sections ran in

void decay(const double *x, double *s, int n) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++) {
    double sq = x[i] * x[i];
#pragma omp critical
    {
      *s = 0.9 * *s + sq;
      order[i] = count++;
    }
  }
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], dx[N], v[N], s = 0.5, ds = 1.0;
  for (int i = 0; i < N; i++) { x[i] = 0.3 + 0.05 * i; dx[i] = 0; v[i] = sin(i + 1.0); }
  __enzyme_autodiff((void *)decay, enzyme_dup, x, dx, enzyme_dup, &s, &ds, enzyme_const, N);
  check("ds", 0, ds, pow(0.9, N));
  for (int i = 0; i < N; i++) check("dx", i, dx[i], 2 * x[i] * pow(0.9, N - 1 - order[i]));
  double ts = 0, want = 0;
  s = 0.5; count = 0;
  __enzyme_fwddiff((void *)decay, enzyme_dup, x, v, enzyme_dup, &s, &ts, enzyme_const, N);
  for (int i = 0; i < N; i++) want += 2 * x[i] * v[i] * pow(0.9, N - 1 - order[i]);
  check("forward", 0, ts, want);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
