// CFLAGS: -fopenmp
// Reduction clauses: a sum and a product over a parallel for.  Each
// thread's share is combined with the shared variable in a critical
// section in the derivative; reverse and forward mode against closed forms.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 29 };

double energy(const double *x, int n) {
  double s = 0, p = 1;
#pragma omp parallel for reduction(+ : s) reduction(* : p)
  for (int i = 0; i < n; i++) {
    s += x[i] * sin(x[i]);
    p *= 1.0 + 0.1 * x[i];
  }
  return s + p;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], dx[N], v[N], p = 1, directional = 0;
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 + 0.07 * i;
    dx[i] = 0;
    v[i] = cos(3.0 * i);
    p *= 1.0 + 0.1 * x[i];
  }
  __enzyme_autodiff((void *)energy, enzyme_dup, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double want = sin(x[i]) + x[i] * cos(x[i]) + p * 0.1 / (1.0 + 0.1 * x[i]);
    check("dx", i, dx[i], want);
    directional += want * v[i];
  }
  double t = __enzyme_fwddiff((void *)energy, enzyme_dup, x, v, enzyme_const, N);
  check("forward", 0, t, directional);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
