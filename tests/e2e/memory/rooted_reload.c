// A split callee reads a constant input matrix through a struct, as hand's
// mat_mult(transforms[b], base_positions, curr) does: `base` is a restrict
// argument, and every write of the whole call tree goes to memory the tree
// allocates or through `err`, another restrict argument.  The reverse pass
// may then read base->data again instead of taping it
// (analysis/tree_writes.py).  Central differences.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
#include <stdlib.h>
#include "rooted_matrix.h"
#define R 3
#define K 4
#define N 5

static Matrix *new_matrix(int nrows, int ncols) {
  Matrix *m = malloc(sizeof(Matrix));
  m->nrows = nrows, m->ncols = ncols;
  m->data = malloc(nrows * ncols * sizeof(double));
  return m;
}
static void delete_matrix(Matrix *m) { free(m->data); free(m); }
__attribute__((noinline)) static void resize(Matrix *m, int nrows, int ncols) {
  if (m->nrows * m->ncols != nrows * ncols) {
    free(m->data);
    m->data = malloc(nrows * ncols * sizeof(double));
  }
  m->nrows = nrows, m->ncols = ncols;
}
__attribute__((noinline)) static void mat_mult(const Matrix *restrict lhs,
                                               const Matrix *restrict rhs,
                                               Matrix *restrict out) {
  resize(out, lhs->nrows, rhs->ncols);
  for (int i = 0; i < lhs->nrows; i++)
    for (int k = 0; k < rhs->ncols; k++) {
      double s = lhs->data[i] * rhs->data[k * rhs->nrows];
      for (int j = 1; j < lhs->ncols; j++)
        s += lhs->data[i + j * lhs->nrows] * rhs->data[j + k * rhs->nrows];
      out->data[i + k * out->nrows] = s;
    }
}
static void objective(const double *restrict theta, const Matrix *restrict base,
                      double *restrict err) {
  Matrix *lhs = new_matrix(R, K), *out = new_matrix(1, 1);
  for (int t = 0; t < R * N; t++) err[t] = 0;
  for (int b = 0; b < BONES; b++) {
    for (int t = 0; t < R * K; t++) lhs->data[t] = sin(theta[t] * (b + 1));
    mat_mult(lhs, base, out);
    for (int t = 0; t < R * N; t++) err[t] += out->data[t] * out->data[t];
  }
  delete_matrix(lhs);
  delete_matrix(out);
}
static Matrix base;
static double err[R * N];
static double weighted(double *theta) {
  objective(theta, &base, err);
  double s = 0;
  for (int t = 0; t < R * N; t++) s += (t + 1) * err[t];
  return s;
}
int main(void) {
  double theta[R * K], dtheta[R * K] = {0}, derr[R * N];
  base.nrows = K, base.ncols = N, base.data = malloc(K * N * sizeof(double));
  for (int t = 0; t < K * N; t++) base.data[t] = 0.5 + 0.1 * t;
  for (int t = 0; t < R * K; t++) theta[t] = 0.2 + 0.05 * t;
  for (int t = 0; t < R * N; t++) derr[t] = t + 1;
  __enzyme_autodiff((void *)objective, enzyme_dup, theta, dtheta, enzyme_const, &base,
                    enzyme_dup, err, derr);
  return check_gradient("dtheta", theta, dtheta, R * K, weighted) != 0;
}
