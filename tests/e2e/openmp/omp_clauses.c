// CFLAGS: -fopenmp
// OpenMP clauses: reduction(max:), reduction(min:), an array-section
// reduction reduction(+: acc[0:4]), lastprivate, collapse(2), a float
// reduction, `omp simd reduction`, and sections: each gradient against
// central differences, with 1, 2 and 3 threads.
#include <math.h>
#include <stdio.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

#define N 12

double maxmin(const double *x, int n) {
  double m = -INFINITY, l = INFINITY;
#pragma omp parallel for reduction(max : m) reduction(min : l)
  for (int i = 0; i < n; i++) {
    double v = sin(x[i]) * x[(i + 1) % n];
    m = fmax(m, v);
    l = fmin(l, v * v + 0.1 * x[i]);
  }
  return m * 2 + l;
}

double array_reduction(const double *x, int n) {
  double acc[4] = {0, 0, 0, 0};
#pragma omp parallel for reduction(+ : acc[0:4])
  for (int i = 0; i < n; i++) acc[i % 4] += x[i] * x[i] * (1 + i % 3);
  return acc[0] * acc[1] + acc[2] - acc[3] * x[0];
}

double last_and_collapse(const double *x, int n) {
  double t = 0, s = 0;
#pragma omp parallel for lastprivate(t)
  for (int i = 0; i < n; i++) t = exp(0.1 * x[i]) * x[i];
#pragma omp parallel for collapse(2) reduction(+ : s)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) s += x[i * 4 + j] * x[(j * 3 + i) % n];
  return t * s;
}

double float_reduction(const double *x, int n) {
  float f = 0;
#pragma omp parallel for reduction(+ : f)
  for (int i = 0; i < n; i++) f += (float)(x[i] * x[i]);
  double s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < n; i++) s += x[i] * f;
  return s;
}

double sections(const double *x, int n) {
  double a = 0, b = 0;
#pragma omp parallel sections
  {
#pragma omp section
    for (int i = 0; i < n / 2; i++) a += x[i] * x[i];
#pragma omp section
    for (int i = n / 2; i < n; i++) b += cos(x[i]);
  }
  return a * b;
}

static int bad;
#define GRAD(f)                                                                              \
  do {                                                                                       \
    double dx[N] = {0};                                                                      \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, N);                        \
    for (int i = 0; i < N; i++) bad += !check_close(#f, i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, f(x, N))); \
  } while (0)

int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.17 * i - 0.02 * i * i;
  GRAD(maxmin);
  GRAD(array_reduction);
  GRAD(last_and_collapse);
  GRAD(sections);
  // the float sum rounds: closed form, float tolerance
  double dx[N] = {0}, sum = 0;
  float f = 0;
  for (int i = 0; i < N; i++) sum += x[i], f += (float)(x[i] * x[i]);
  __enzyme_autodiff((void *)float_reduction, enzyme_dup, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double want = 2 * x[i] * sum + f;
    if (fabs(dx[i] - want) > 1e-5 * (1 + fabs(want))) bad += !check_close("float_reduction", i, dx[i], want);
  }
  return bad != 0;
}
