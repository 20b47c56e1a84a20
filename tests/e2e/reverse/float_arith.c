// float (not double) arithmetic, a float return value seeded with 1:
//   f = sum_i w_i x_i^2 / (1 + x_i)
//   df/dx_i = w_i (x_i^2 + 2 x_i) / (1 + x_i)^2,  df/dw_i = x_i^2 / (1 + x_i)
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

float f(const float *x, const float *w, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) s += w[i] * x[i] * x[i] / (1.0f + x[i]);
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-5 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.9g, want %.9g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 100 };
  float x[N], w[N], dx[N], dw[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.02f * i - 0.5f;
    w[i] = 1.0f + 0.01f * (i % 7);
    dx[i] = dw[i] = 0.0f;
  }
  __enzyme_autodiff((void *)f, x, dx, w, dw, N);
  for (int i = 0; i < N; i++) {
    double xi = x[i], wi = w[i], q = 1.0 + xi;
    check("df/dx", i, dx[i], wi * (xi * xi + 2.0 * xi) / (q * q));
    check("df/dw", i, dw[i], xi * xi / q);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
