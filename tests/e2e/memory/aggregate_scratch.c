// A helper that allocates a scratch buffer and returns it inside a struct
// by value ({ptr, i64} in registers; at -O0 built in a local struct and
// loaded whole).  The buffer has a shadow whatever the arguments, so the
// caller's derivatives stored into it survive.
//   scratch(x, n) = sum_i x_i^3 via t_i = x_i^2 in the buffer: d/dx_i = 3 x_i^2
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { double *p; long n; } Span;
extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) Span alloc_span(long n) {
  Span s = {malloc(n * sizeof(double)), n};
  return s;
}

double scratch(const double *x, long n) {
  Span s = alloc_span(n);
  for (long i = 0; i < s.n; i++) s.p[i] = x[i] * x[i];
  double t = 0;
  for (long i = 0; i < s.n; i++) t += s.p[i] * x[i];
  free(s.p);
  return t;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  double x[N] = {0.5, -1.5, 2.0, 0.25}, dx[N] = {0}, v[N] = {1.0, 2.0, -0.5, 3.0};
  double tangent = 0;
  __enzyme_autodiff((void *)scratch, x, dx, enzyme_const, (long)N);
  for (int i = 0; i < N; i++) {
    check("dx", i, dx[i], 3 * x[i] * x[i]);
    tangent += 3 * x[i] * x[i] * v[i];
  }
  check("tangent", 0, __enzyme_fwddiff((void *)scratch, x, v, enzyme_const, (long)N), tangent);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
