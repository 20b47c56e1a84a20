// CFLAGS: -fopenmp
// Constant inputs of a parallel region (enzyme_const pointers it captures
// by reference: an index array and weights), and a region that no
// derivative reaches (it fills the index array), forked as it was.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 19 };

void gather(const double *x, const double *w, double *y, int *idx, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) idx[i] = (i * 5) % n;
#pragma omp parallel for
  for (int i = 0; i < n; i++) y[i] = w[i] * sin(x[idx[i]]) * x[i];
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], dx[N], w[N], y[N], dy[N], v[N], ty[N], want[N];
  int idx[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 + 0.1 * i; dx[i] = 0; w[i] = 2.0 - 0.05 * i; dy[i] = 1.0; v[i] = sin(i + 0.5);
    want[i] = 0;
  }
  __enzyme_autodiff((void *)gather, enzyme_dup, x, dx, enzyme_const, w, enzyme_dup, y, dy,
                    enzyme_const, idx, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    int j = (i * 5) % N;
    want[i] += w[i] * sin(x[j]);
    want[j] += w[i] * cos(x[j]) * x[i];
  }
  for (int i = 0; i < N; i++) check("dx", i, dx[i], want[i]);
  __enzyme_fwddiff((void *)gather, enzyme_dup, x, v, enzyme_const, w, enzyme_dup, y, ty,
                   enzyme_const, idx, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    int j = (i * 5) % N;
    check("ty", i, ty[i], w[i] * (cos(x[j]) * v[j] * x[i] + sin(x[j]) * v[i]));
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
