// A buffer grown with realloc (doubling) inside the differentiated function.
//   push v_i = x_i^2 + x_i into a growing buffer, then f = sum_i w_i v_i v_{(i+1)%n}
//   with w_i = 1 + i/4:  df/dx_k = (2 x_k + 1) (w_k v_{k+1} + w_{k-1} v_{k-1})
//   (indices mod n).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  int cap = 2, len = 0;
  double *buf = malloc(cap * sizeof(double));
  for (int i = 0; i < n; i++) {
    if (len == cap) {
      cap *= 2;
      buf = realloc(buf, cap * sizeof(double));
    }
    buf[len++] = x[i] * x[i] + x[i];
  }
  double s = 0.0;
  for (int i = 0; i < len; i++) s += (1.0 + 0.25 * i) * buf[i] * buf[(i + 1) % len];
  free(buf);
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 11 };
  double x[N], dx[N] = {0}, v[N];
  for (int i = 0; i < N; i++) x[i] = sin(0.8 * i + 0.3), v[i] = x[i] * x[i] + x[i];
  __enzyme_autodiff((void *)f, x, dx, N);
  for (int k = 0; k < N; k++) {
    int next = (k + 1) % N, prev = (k + N - 1) % N;
    double want = (2.0 * x[k] + 1.0) * ((1.0 + 0.25 * k) * v[next] + (1.0 + 0.25 * prev) * v[prev]);
    check("df/dx", k, dx[k], want, 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
