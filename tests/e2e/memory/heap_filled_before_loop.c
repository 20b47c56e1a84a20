// Heap blocks of the differentiated function, filled before the loop that
// reads them (gmm's exponentiated diagonals): the reverse pass may load
// them again instead of taping what the loop read, once their frees wait
// for the end of the reverse pass.  Beside them, blocks whose loads must
// stay taped: one refilled after it is read, one a callee writes after the
// loop, one whose address is stored away, one freed on one path only.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
#include <stdlib.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 6

__attribute__((noinline)) static void scale(double *v, int n, double f) {
  for (int i = 0; i < n; i++) v[i] *= f;
}

static double *stash;

static double objective(double *x) {
  double *diag = malloc(N * sizeof(double));      // filled once: reloaded
  double *work = malloc(N * sizeof(double));      // refilled every round: taped
  double *later = malloc(N * sizeof(double));     // a callee writes it afterwards
  double *kept = malloc(N * sizeof(double));      // its address escapes
  double *maybe = malloc(N * sizeof(double));     // freed on one path only
  for (int i = 0; i < N; i++) {
    diag[i] = exp(x[i] * 0.3);
    later[i] = x[i] * x[i];
    kept[i] = sin(x[i]);
    maybe[i] = x[(i + 1) % N] * 2.0;
  }
  stash = kept;
  double s = 0;
  for (int r = 0; r < 4; r++) {
    for (int i = 0; i < N; i++) work[i] = x[(i + r) % N] - 0.1 * r;
    for (int i = 0; i < N; i++)
      s += diag[i] * work[i] * work[(i + 1) % N] + later[i] * diag[(i + r) % N] +
           kept[i] * maybe[i] * work[i];
  }
  scale(later, N, 0.5);
  s += later[2] * x[3];
  if (s > 1e300) { free(maybe); maybe = 0; }
  free(diag);
  free(work);
  free(later);
  free(kept);
  free(maybe);
  return s;
}

int main(void) {
  double x[N] = {0.3, -0.7, 0.5, 0.9, -0.2, 0.4}, dx[N] = {0};
  __enzyme_autodiff((void *)objective, x, dx);
  int bad = check_gradient("dx", x, dx, N, objective);
  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)objective, x, dx);    // a second call, after the first's frees
  bad += check_gradient("dx again", x, dx, N, objective);
  return bad != 0;
}
