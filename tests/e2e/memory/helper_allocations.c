// Memory that comes from a helper: a wrapper of malloc, a function handing
// out a static scratch buffer, an allocator that may return null.  Whatever
// the helper's arguments, what it returns needs a shadow, since the caller
// stores derivatives there.  Closed form: f = sum x_i^2 + x_0 x_{n-1},
// reverse and forward mode.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

__attribute__((noinline)) double *alloc_vec(int n) { return malloc(n * sizeof(double)); }

static double scratch_buf[16];
__attribute__((noinline)) double *scratch(void) { return scratch_buf; }

__attribute__((noinline)) double *maybe_alloc(int n) {
  return n > 0 ? (double *)calloc((size_t)n, sizeof(double)) : NULL;
}

double through_malloc(const double *x, int n) {
  double *b = alloc_vec(n);
  for (int i = 0; i < n; i++) b[i] = x[i] * x[i];
  double s = b[0] / x[0] * x[n - 1];
  for (int i = 0; i < n; i++) s += b[i];
  free(b);
  return s;
}

double through_scratch(const double *x, int n) {
  double *b = scratch();
  for (int i = 0; i < n; i++) b[i] = x[i] * x[i];
  double s = b[0] / x[0] * x[n - 1];
  for (int i = 0; i < n; i++) s += b[i];
  return s;
}

double through_maybe(const double *x, int n) {
  double *b = maybe_alloc(n);
  if (!b) return 0;
  for (int i = 0; i < n; i++) b[i] += x[i] * x[i];
  double s = b[0] / x[0] * x[n - 1];
  for (int i = 0; i < n; i++) s += b[i];
  free(b);
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (fabs(got - want) > 1e-12 * (1.0 + fabs(want))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

enum { N = 5 };

static const double x0[N] = {1.5, -2.0, 0.5, 3.0, 2.5}, v[N] = {0.3, 1, -1, 2, 0.7};

static double want_at(const double *x, int i) {
  return 2 * x[i] + (i == 0 ? x[N - 1] : 0) + (i == N - 1 ? x[0] : 0);
}

static void check_all(const char *what, const double *dx, double tangent) {
  double t = 0;
  for (int i = 0; i < N; i++) {
    check(what, i, dx[i], want_at(x0, i));
    t += want_at(x0, i) * v[i];
  }
  check(what, -1, tangent, t);
}

// The API wants the function itself at each call, so each gets its own.
#define RUN(f)                                                                  \
  do {                                                                          \
    double x[N], dx[N] = {0};                                                   \
    for (int i = 0; i < N; i++) x[i] = x0[i];                                   \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, N);           \
    check_all(#f, dx, __enzyme_fwddiff((void *)f, enzyme_dup, x, v, enzyme_const, N)); \
  } while (0)

int main(void) {
  RUN(through_malloc);
  RUN(through_scratch);
  RUN(through_maybe);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
