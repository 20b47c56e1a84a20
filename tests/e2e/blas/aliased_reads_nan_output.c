// BLAS calls reading one array twice (ddot(x, x), dgemm of A by A^T, dgemv
// with x a row of A itself) and beta = 0 over an output holding NaN (BLAS
// does not read C then): gradients against central differences; with
// beta = 0 the output's NaN must not reach any gradient.
// LDFLAGS: -lopenblas
#include <cblas.h>
#include <math.h>
#include <stdio.h>

#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);

#define N 3

double self_dot(const double *x) { return cblas_ddot(N * N, x, 1, x, 1) + cblas_ddot(N, x, 3, x + 2, 3); }

double gram(const double *a) {
  double c[N * N];
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, N, N, N, 1.5, a, N, a, N, 0.0, c, N);
  double s = 0;
  for (int i = 0; i < N * N; i++) s += c[i] * c[i] * (1 + i);
  return s;
}

double row_times(const double *a) {
  double y[N];
  cblas_dgemv(CblasColMajor, CblasTrans, N, N, 0.7, a, N, a + 1, N, 0.0, y, 1);
  return y[0] * y[1] + y[2];
}

double nan_output(const double *a) {
  double c[N * N];
  for (int i = 0; i < N * N; i++) c[i] = NAN;
  cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, N, N, N, 2.0, a, N, a + 1, N, 0.0, c, N);
  double y[N] = {NAN, NAN, NAN};
  cblas_dgemv(CblasRowMajor, CblasNoTrans, N, N, 1.0, c, N, a, 1, 0.0, y, 1);
  return y[0] + y[1] * y[2];
}

static int bad;
#define GRAD(f)                                                                         \
  do {                                                                                  \
    double dx[N * N + 1] = {0};                                                         \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx);                                    \
    for (int i = 0; i < N * N + 1; i++)                                                 \
      bad += !check_close(#f, i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, f(x)));          \
  } while (0)

int main(void) {
  double x[N * N + 1];
  for (int i = 0; i < N * N + 1; i++) x[i] = 0.2 + 0.15 * i - 0.03 * i * i;
  GRAD(self_dot);
  GRAD(gram);
  GRAD(row_times);
  GRAD(nan_output);
  return bad != 0;
}
