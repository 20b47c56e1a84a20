// A growable array local to the differentiated function, grown by a helper
// that is not inlined: the helper's realloc is of memory the function made
// itself, which must be differentiated (not refused as the caller's).
//   f(x) = sum_i c_i v_i^2 with v_i = x_i * x_{(i+1)%n}, c_i = 1 + i/8
//   df/dx_k = 2 c_k v_k x_{k+1} + 2 c_{k-1} v_{k-1} x_{k-1}   (indices mod n)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void __enzyme_autodiff(void *, ...);

struct growable { double *data; int len, cap; };

__attribute__((noinline)) static void push(struct growable *g, double value) {
  if (g->len == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 1;
    g->data = realloc(g->data, g->cap * sizeof(double));
  }
  g->data[g->len++] = value;
}

double f(const double *x, int n) {
  struct growable g = {0, 0, 0};
  for (int i = 0; i < n; i++) push(&g, x[i] * x[(i + 1) % n]);
  double s = 0.0;
  for (int i = 0; i < g.len; i++) s += (1.0 + 0.125 * i) * g.data[i] * g.data[i];
  free(g.data);
  return s;
}

static int failures;
static void check(int k, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH df/dx[%d]: got %.17g, want %.17g\n", k, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 9 };
  double x[N], dx[N] = {0}, v[N];
  for (int i = 0; i < N; i++) x[i] = cos(0.7 * i + 0.2);
  for (int i = 0; i < N; i++) v[i] = x[i] * x[(i + 1) % N];
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int k = 0; k < N; k++) {
    int prev = (k + N - 1) % N;
    check(k, dx[k], 2.0 * (1.0 + 0.125 * k) * v[k] * x[(k + 1) % N] +
                        2.0 * (1.0 + 0.125 * prev) * v[prev] * x[prev]);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
