// Heap blocks allocated only on some paths (a work array needed only when
// n > 1, as std::vector allocates only for a size that is not 0): the
// reverse pass reads them again instead of taping, their frees moved to the
// reverse of their allocation -- freed inside the branch, or a pointer that
// is the block or null freed at the exit.  Beside them, shapes whose loads
// must stay taped: a pointer that picks one of two blocks, a block written
// again after it is read, one a callee may free, one grown by realloc.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
#include <stdlib.h>
void __enzyme_autodiff(void *, ...);
#define N 7
int len = N;    // written by main: the branches on it stay in the functions
static double cube_sum(const double *d, int m) {
  double s = 0;
  for (int i = 0; i < m; i++) s += d[i] * d[i] * (1 + d[i] * d[i]);
  return s;
}
static double freed_inside(double *x) {
  int n = len;          // kept
  double s = 0;
  if (n > 1) {
    double *d = malloc((n - 1) * sizeof(double));
    for (int i = 0; i + 1 < n; i++) d[i] = x[i + 1] * x[i];
    s = cube_sum(d, n - 1);
    free(d);
  }
  return s;
}
static double block_or_null(double *x) {
  int n = len;         // kept: free(null) at the exit
  double *d = n > 1 ? malloc((n - 1) * sizeof(double)) : NULL;
  double s = 0;
  if (d) {
    for (int i = 0; i + 1 < n; i++) d[i] = sin(x[i + 1]) * x[i];
    s = cube_sum(d, n - 1);
  }
  free(d);
  return s;
}
static double one_of_two(double *x) {
  int n = len;            // taped: which block is unknown
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) a[i] = x[i] * x[i], b[i] = exp(x[i]);
  double *p = x[0] > 0 ? a : b;
  double s = cube_sum(p, n);
  p[1] = 0.5;
  s += p[1] * x[2] * (x[0] > 0 ? a[2] : b[2]);
  free(a);
  free(b);
  return s;
}
static double rewritten(double *x) {
  int n = len;             // taped: overwritten after the reads
  double s = 0;
  if (n > 1) {
    double *d = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++) d[i] = x[i];
    for (int r = 0; r < 3; r++) {
      s += cube_sum(d, n);
      for (int i = 0; i < n; i++) d[i] = d[(i + 1) % n] * 0.7 + sin(d[i]);
    }
    free(d);
  }
  return s;
}
__attribute__((noinline)) void maybe_release(double *p, double v) { if (v > 1e300) free(p); }
static double callee_frees(double *x) {
  int n = len;          // taped: a callee may free it
  double s = 0;
  if (n > 1) {
    double *d = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++) d[i] = cos(x[i]);
    s = cube_sum(d, n);
    maybe_release(d, s);
    if (s <= 1e300) free(d);
  }
  return s;
}
static double grown(double *x) {
  int n = len;                 // taped before realloc frees the old block
  double s = 0;
  if (n > 1) {
    double *d = malloc(2 * sizeof(double));
    d[0] = x[0] * x[1], d[1] = x[1];
    s = cube_sum(d, 2);
    d = realloc(d, n * sizeof(double));
    for (int i = 2; i < n; i++) d[i] = x[i] * s;
    s += cube_sum(d, n);
    free(d);
  }
  return s;
}
#define GRADIENT_BAD(f) ({ double dx[N] = {0}; \
  __enzyme_autodiff((void *)f, x, dx); check_gradient(#f, x, dx, N, f); })
int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.1 * i - 0.05 * (i % 3);
  int bad = GRADIENT_BAD(freed_inside) + GRADIENT_BAD(block_or_null) + GRADIENT_BAD(one_of_two) +
            GRADIENT_BAD(rewritten) + GRADIENT_BAD(callee_frees) + GRADIENT_BAD(grown);
  len = 1;        // nothing allocated
  bad += GRADIENT_BAD(freed_inside) + GRADIENT_BAD(block_or_null);
  return bad != 0;
}
