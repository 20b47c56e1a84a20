// CFLAGS: -mavx2 -mfma
// With AVX2 the vectorizer turns conditional loads and stores into
// llvm.masked.load / llvm.masked.store: only lanes whose mask bit is set
// touch memory.  Their derivatives are the same on the shadow, lane by lane.
// Closed forms, reverse and forward mode.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const, enzyme_dup;

#define N 41

void cstore(const double *x, double *y, const int *c, int n) {
  for (int i = 0; i < n; i++)
    if (c[i] > 0) y[i] = x[i] * x[i];
}

double cload(const double *x, const int *m, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = 0;
    if (m[i]) t = x[i] * 3.0;
    s += t * x[i];
  }
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (fabs(got - want) > 1e-12 * (1.0 + fabs(want))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], dx[N], y[N], dy[N], v[N];
  int c[N];
  for (int i = 0; i < N; i++) {
    x[i] = sin(1.0 + i), dx[i] = 0, y[i] = 5, dy[i] = 1.0 + i, v[i] = cos(i);
    c[i] = (i * 7) % 3 == 0;
  }
  __enzyme_autodiff((void *)cstore, x, dx, y, dy, enzyme_const, c, N);
  for (int i = 0; i < N; i++) {
    check("cstore dx", i, dx[i], c[i] ? 2 * x[i] * (1.0 + i) : 0);
    check("cstore dy", i, dy[i], c[i] ? 0 : 1.0 + i);
    check("cstore y", i, y[i], c[i] ? x[i] * x[i] : 5);
    y[i] = 5, dy[i] = 7;
  }
  __enzyme_fwddiff((void *)cstore, enzyme_dup, x, v, enzyme_dup, y, dy, enzyme_const, c, N);
  for (int i = 0; i < N; i++) check("fwd cstore", i, dy[i], c[i] ? 2 * x[i] * v[i] : 7);

  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)cload, x, dx, enzyme_const, c, N);
  double tangent = 0;
  for (int i = 0; i < N; i++) {
    check("cload", i, dx[i], c[i] ? 6 * x[i] : 0);
    tangent += (c[i] ? 6 * x[i] : 0) * v[i];
  }
  check("fwd cload", 0, __enzyme_fwddiff((void *)cload, enzyme_dup, x, v, enzyme_const, c, N),
        tangent);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
