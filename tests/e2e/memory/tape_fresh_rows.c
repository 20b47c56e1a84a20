// The tape's memory is a fresh object to LLVM (tape.py `_grow_returns`:
// realloc's block and the spare taken at entry come back as `noalias`
// results), so a loop's tape stores alias none of its arrays.  The claim
// must hold where the tape meets user memory: a stencil whose sweeps tape
// their rows, with a heap workspace malloc'd and freed after them (it may
// get a block the tape's growth gave up), differentiated three times in a
// row (the spare kept and taken again, grown on the larger size), and in
// split mode with the tape's header in caller memory (enzyme_allocated,
// enzyme_tape) and the primal run between the passes.  Central differences
// throughout.
#include <stdlib.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const, enzyme_allocated, enzyme_tape;
double __enzyme_autodiff(void *, ...);
typedef struct { void *tape; double primal; } TD;
unsigned long __enzyme_augmentsize(void *, ...);
TD __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

enum { NMAX = 14, T = 3 };

__attribute__((noinline)) double stencil(const double *x, double *a, double *b, int n) {
  for (int i = 0; i < n * n; i++) a[i] = x[i];
  for (int s = 0; s < T; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.2 * (a[i * n + j] + a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                              a[i * n + j - 1] + a[i * n + j + 1]) -
                       0.05 * a[i * n + j] * a[i * n + j];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) a[i * n + j] = b[i * n + j];
  }
  double *w = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n * n; i++) w[i] = a[i] * a[i];
  double e = 0;
  for (int i = 0; i < n * n; i++) e += w[i] * (1 + 0.01 * i) + 0.1 * w[i] * a[i];
  free(w);
  return e;
}

static double A[NMAX * NMAX], B[NMAX * NMAX], DA[NMAX * NMAX], DB[NMAX * NMAX];
static int n_now;
static double f_of_x(double *x) { return stencil(x, A, B, n_now); }

static void clear(double *p, int n) { for (int i = 0; i < n; i++) p[i] = 0; }

int main(void) {
  double x[NMAX * NMAX], dx[NMAX * NMAX];
  int failures = 0;
  const int sizes[3] = {9, NMAX, 11};
  for (int run = 0; run < 3; run++) {
    int n = n_now = sizes[run];
    for (int i = 0; i < n * n; i++) x[i] = sin(0.1 * i + run);
    clear(dx, n * n), clear(DA, n * n), clear(DB, n * n);
    __enzyme_autodiff((void *)stencil, enzyme_dup, x, dx, enzyme_dup, A, DA, enzyme_dup, B, DB,
                      enzyme_const, n);
    failures += check_gradient("dx", x, dx, n * n, f_of_x);
  }
  int n = n_now = 10;
  for (int i = 0; i < n * n; i++) x[i] = cos(0.07 * i);
  clear(dx, n * n), clear(DA, n * n), clear(DB, n * n);
  unsigned long size = __enzyme_augmentsize((void *)stencil, enzyme_dup, enzyme_dup, enzyme_dup,
                                            enzyme_const);
  void *mem = malloc(size ? size : 1);
  TD r = __enzyme_augmentfwd((void *)stencil, enzyme_allocated, size, enzyme_tape, mem,
                             enzyme_dup, x, dx, enzyme_dup, A, DA, enzyme_dup, B, DB,
                             enzyme_const, n);
  failures += !check_close("split primal", 0, r.primal, f_of_x(x));
  double other[NMAX * NMAX];
  for (int i = 0; i < n * n; i++) other[i] = -0.5;
  (void)stencil(other, A, B, n);
  __enzyme_reverse((void *)stencil, enzyme_allocated, size, enzyme_tape, mem, enzyme_dup, x, dx,
                   enzyme_dup, A, DA, enzyme_dup, B, DB, enzyme_const, n, 1.0);
  free(mem);
  failures += check_gradient("split dx", x, dx, n * n, f_of_x);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
