// CFLAGS: -fopenmp
// Shared memory of every float kind read by several threads of a parallel
// region: long double (x86_fp80, which no atomicrmw takes: its adjoints
// are added under a lock), float and double fields of a struct copied
// whole (a memcpy at -O0, field loads above).  Reverse mode against the
// closed form of y[i] = a^2 * b + c * a with (a, b, c) = s[i % K].
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

typedef struct { long double a; float b; double c; } Mixed;
enum { N = 29, K = 3 };

void model(const Mixed *s, long double *y, int n) {
#pragma omp parallel for schedule(dynamic, 2)
  for (int i = 0; i < n; i++) {
    Mixed m = s[i % K];
    y[i] = m.a * m.a * m.b + m.c * m.a;
  }
}

static int failures;
static void check(const char *what, int k, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, k, got, want);
    failures++;
  }
}

int main(void) {
  Mixed s[K], ds[K] = {{0}};
  long double y[N], dy[N], wa[K] = {0}, wc[K] = {0};
  double wb[K] = {0};
  for (int k = 0; k < K; k++) s[k] = (Mixed){0.5L + k, 1.25f - 0.5f * k, 0.3 * k - 0.2};
  for (int i = 0; i < N; i++) {
    Mixed m = s[i % K];
    dy[i] = 1.0L + 0.125L * i;
    wa[i % K] += dy[i] * (2 * m.a * m.b + m.c);
    wb[i % K] += (double)(dy[i] * m.a * m.a);
    wc[i % K] += dy[i] * m.a;
  }
  __enzyme_autodiff((void *)model, enzyme_dup, s, ds, enzyme_dup, y, dy, enzyme_const, N);
  for (int k = 0; k < K; k++) {
    check("ds.a", k, (double)ds[k].a, (double)wa[k], 1e-15);
    check("ds.b", k, ds[k].b, wb[k], 1e-6);
    check("ds.c", k, ds[k].c, (double)wc[k], 1e-14);
  }
  for (int i = 0; i < N; i++) check("dy consumed", i, (double)dy[i], 0.0, 0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
