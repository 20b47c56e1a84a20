// Shapes near rooted_reload.c where the reverse pass must NOT read the
// input matrix again, because something writes base->data between a split
// callee's reads and its reverse pass: the caller between two calls, the
// callee itself after reading, a second pointer argument without restrict
// that aliases it, a global pointer to it, an external call (qsort).  Each
// keeps the tape; each fails if analysis/tree_writes.py lets it through.
// Central differences.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
#include <stdlib.h>
#include "rooted_matrix.h"
#define R 2
#define K 3
#define N 2
__attribute__((noinline)) static void mat_mult(const Matrix *restrict lhs,
                                               const Matrix *restrict rhs, double *restrict out) {
  for (int i = 0; i < lhs->nrows; i++)
    for (int k = 0; k < rhs->ncols; k++) {
      double s = 0;
      for (int j = 0; j < lhs->ncols; j++)
        s += lhs->data[i + j * lhs->nrows] * rhs->data[j + k * rhs->nrows];
      out[i + k * lhs->nrows] = s;
    }
}
// the callee scales the matrix it read
__attribute__((noinline)) static void mat_mult_scale(const Matrix *restrict lhs,
                                                     Matrix *restrict rhs, double *restrict out) {
  mat_mult(lhs, rhs, out);
  for (int t = 0; t < rhs->nrows * rhs->ncols; t++) rhs->data[t] *= 1.5;
}
static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
static double *scratch;                 // points at base.data
// how: 0 the caller writes, 1 the callee, 2 an alias argument, 3 a global, 4 qsort
#define OBJECTIVE(name, how)                                                         \
  static void name(const double *restrict theta, Matrix *restrict base,             \
                   double *alias, double *restrict err) {                            \
    Matrix lhs = {R, K, malloc(R * K * sizeof(double))};                             \
    double *out = malloc(R * N * sizeof(double));                                    \
    for (int t = 0; t < R * N; t++) err[t] = 0;                                       \
    for (int b = 0; b < BONES; b++) {                                                 \
      for (int t = 0; t < R * K; t++) lhs.data[t] = sin(theta[t] * (b + 1));        \
      if (how == 1) mat_mult_scale(&lhs, base, out); else mat_mult(&lhs, base, out); \
      if (how == 0) base->data[b % (K * N)] += 0.75;                                  \
      if (how == 2) alias[(b + 1) % (K * N)] *= 2;                                    \
      if (how == 3) scratch[b % (K * N)] -= 1.25;                                     \
      if (how == 4) qsort(base->data, K * N, sizeof(double), by_value);              \
      for (int t = 0; t < R * N; t++) err[t] += out[t] * out[t];                      \
    }                                                                                 \
    free(lhs.data);                                                                   \
    free(out);                                                                        \
  }
OBJECTIVE(caller_writes, 0)
OBJECTIVE(callee_writes, 1)
OBJECTIVE(alias_argument, 2)
OBJECTIVE(global_pointer, 3)
OBJECTIVE(external_call, 4)
static Matrix base;
static double err[R * N];
static void reset(void) {                // descending, so that qsort moves every value
  for (int t = 0; t < K * N; t++) base.data[t] = 2.0 - 0.25 * t;
}
static void (*current)(const double *, Matrix *, double *, double *);
static double weighted(double *theta) {
  reset();
  current(theta, &base, base.data, err);
  double s = 0;
  for (int t = 0; t < R * N; t++) s += (t + 1) * err[t];
  return s;
}
#define CHECK(fn) ({ double dtheta[R * K] = {0}, derr[R * N];                        \
  for (int t = 0; t < R * N; t++) derr[t] = t + 1;                                    \
  reset();                                                                            \
  __enzyme_autodiff((void *)fn, enzyme_dup, theta, dtheta, enzyme_const, &base,      \
                    enzyme_const, base.data, enzyme_dup, err, derr);                  \
  current = fn;                                                                       \
  check_gradient(#fn, theta, dtheta, R * K, weighted); })
int main(void) {
  double theta[R * K];
  base.nrows = K, base.ncols = N, base.data = malloc(K * N * sizeof(double));
  scratch = base.data;
  for (int t = 0; t < R * K; t++) theta[t] = 0.2 + 0.05 * t;
  int bad = CHECK(caller_writes) + CHECK(callee_writes) + CHECK(alias_argument) +
            CHECK(global_pointer) + CHECK(external_call);
  return bad != 0;
}
