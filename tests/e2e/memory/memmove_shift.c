// memmove (overlapping) inside the differentiated function.
//   shifted: b_i = x_i^2, then memmove(b+1, b, n-1) (shift right) and
//     memmove(b, b+2, n-2) (shift left); return sum_i (i+1) b_i.  The same
//     moves on an array of source indices give the closed form:
//     df/dx_j = 2 x_j sum_{i: src_i = j} (i+1).
//   rotate_sq: in place on y: y_0..y_{n-2} <- y_1..y_{n-1}, y_{n-1} <- y_0^2.
//     Seeds s_i: dy_{i+1} = s_i (i < n-1), dy_0 = 2 y_0 s_{n-1}.
#include <math.h>
#include <stdio.h>
#include <string.h>

void __enzyme_autodiff(void *, ...);

double shifted(const double *x, int n) {
  double b[16];
  for (int i = 0; i < n; i++) b[i] = x[i] * x[i];
  memmove(b + 1, b, (n - 1) * sizeof(double));
  memmove(b, b + 2, (n - 2) * sizeof(double));
  double s = 0.0;
  for (int i = 0; i < n; i++) s += (i + 1) * b[i];
  return s;
}

void rotate_sq(double *y, int n) {
  double first = y[0];
  memmove(y, y + 1, (n - 1) * sizeof(double));
  y[n - 1] = first * first;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 9 };
  double x[N], dx[N] = {0};
  int src[N];
  for (int i = 0; i < N; i++) x[i] = 0.4 * i - 1.3, src[i] = i;
  __enzyme_autodiff((void *)shifted, x, dx, N);
  memmove(src + 1, src, (N - 1) * sizeof(int));
  memmove(src, src + 2, (N - 2) * sizeof(int));
  for (int j = 0; j < N; j++) {
    double w = 0.0;
    for (int i = 0; i < N; i++)
      if (src[i] == j) w += i + 1;
    check("d shifted/dx", j, dx[j], 2.0 * x[j] * w, 1e-14);
  }
  double y[N], y0[N], dy[N];
  for (int i = 0; i < N; i++) y[i] = y0[i] = cos(0.9 * i), dy[i] = 1.0 + 0.5 * i;
  __enzyme_autodiff((void *)rotate_sq, y, dy, N);
  for (int i = 0; i < N; i++) {
    check("primal rotated", i, y[i], i + 1 < N ? y0[i + 1] : y0[0] * y0[0], 1e-15);
    double s_prev = 1.0 + 0.5 * (i - 1);  // seed of y_{i-1}, which now holds y_i
    check("d rotate/dy", i, dy[i], i == 0 ? 2.0 * y0[0] * (1.0 + 0.5 * (N - 1)) : s_prev, 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
