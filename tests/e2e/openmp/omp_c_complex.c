// CFLAGS: -fopenmp
// C99 complex numbers that all threads read, inside a parallel region: the
// runtime's complex arithmetic (__muldc3 on the slow path of a product,
// cexp) gives adjoints as values, and the loads of the shared numbers add
// them atomically.  Reverse mode against central differences of
// L = sum w[i] * y[i].
#include <complex.h>
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

enum { N = 31, K = 3 };

void model(const double complex *z, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double complex a = z[i % K], b = z[(i + 1) % K];
    y[i] = creal(a * a * b) + cimag(cexp(a)) * (1 + 0.1 * i);
  }
}

static double loss(const double complex *z, const double *w) {
  double y[N], s = 0;
  model(z, y, N);
  for (int i = 0; i < N; i++) s += w[i] * y[i];
  return s;
}

static int failures;
static void check(const char *what, int k, double got, double want) {
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, k, got, want);
    failures++;
  }
}

int main(void) {
  double complex z[K], dz[K] = {0};
  double w[N], y[N], dy[N], h = 1e-6;
  for (int k = 0; k < K; k++) z[k] = (0.4 + 0.3 * k) + (0.7 - 0.5 * k) * I;
  for (int i = 0; i < N; i++) dy[i] = w[i] = 1.0 + 0.5 * sin(i);
  __enzyme_autodiff((void *)model, enzyme_dup, z, dz, enzyme_dup, y, dy, enzyme_const, N);
  for (int k = 0; k < K; k++) {
    double *parts = (double *)&z[k], *grads = (double *)&dz[k];
    for (int p = 0; p < 2; p++) {
      double keep = parts[p];
      parts[p] = keep + h; double up = loss(z, w);
      parts[p] = keep - h; double down = loss(z, w);
      parts[p] = keep;
      check(p ? "dz.im" : "dz.re", k, grads[p], (up - down) / (2 * h));
    }
  }
  for (int i = 0; i < N; i++) check("dy consumed", i, dy[i], 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
