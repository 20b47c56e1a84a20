// Split mode as programs written for Enzyme call it:
// 1. the tape returned as void* and passed as the last argument of
//    __enzyme_reverse: sq(x) squares x[0..2] in place, so dx_i = 2 x_i dx_i;
// 2. a struct {tape, primal} from __enzyme_augmentfwd, then the result's
//    adjoint and the tape last: e = k (x0^2 + sin x1), seed 2:
//    de/dk = 2 (x0^2 + sin x1), de/dx = 2 k (2 x0, cos x1);
// 3. enzyme_allocated, sizeof(tape[0]) -- one byte in GNU C -- for a
//    derivative that records nothing, with a NULL shadow where the forward
//    pass never touches it and a NULL primal where the reverse pass does not:
//    y = (2 x0, 3 x1), dx += (2 dy0, 3 dy1).
#include <math.h>
#include <stdio.h>

extern int enzyme_const, enzyme_allocated, enzyme_tape;
typedef struct { void *tape; double primal; } TapeAndDouble;
void *__enzyme_augmentfwd(void *, ...);
TapeAndDouble __enzyme_augmentfwd2(void *, ...);
void __enzyme_augmentfwd3(void *, ...);
void __enzyme_reverse(void *, ...);
double __enzyme_reverse2(void *, ...);

void sq(double *x) {
  for (int i = 0; i < 3; i++) x[i] *= x[i];
}

double energy(const double *x, double k) { return k * (x[0] * x[0] + sin(x[1])); }

void scale2(double *y, const double *x) {
  y[0] = 2.0 * x[0];
  y[1] = 3.0 * x[1];
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[3] = {3.0, 4.0, 5.0}, dx[3] = {1.0, 1.0, 1.0};
  void *tape = __enzyme_augmentfwd((void *)sq, x, dx);
  __enzyme_reverse((void *)sq, x, dx, tape);
  for (int i = 0; i < 3; i++) {
    check("sq x", i, x[i], (3.0 + i) * (3.0 + i));
    check("sq dx", i, dx[i], 2.0 * (3.0 + i));
  }

  double p[2] = {0.7, -1.1}, dp[2] = {0.0, 0.0}, k = 1.5;
  TapeAndDouble r = __enzyme_augmentfwd2((void *)energy, p, dp, k);
  check("energy", 0, r.primal, k * (p[0] * p[0] + sin(p[1])));
  double dk = __enzyme_reverse2((void *)energy, p, dp, k, 2.0, r.tape);
  check("de/dk", 0, dk, 2.0 * (p[0] * p[0] + sin(p[1])));
  check("de/dx", 0, dp[0], 2.0 * k * 2.0 * p[0]);
  check("de/dx", 1, dp[1], 2.0 * k * cos(p[1]));

  void *small = &k;  // any memory: nothing may be written to it
  double u[2] = {0.25, -2.0}, du[2] = {0.0, 0.0}, y[2], dy[2] = {1.0, -0.5};
  __enzyme_augmentfwd3((void *)scale2, enzyme_allocated, sizeof(small[0]), enzyme_tape, small,
                       y, (double *)NULL, u, du);
  check("scale2 y", 0, y[0], 0.5);
  check("scale2 y", 1, y[1], -6.0);
  check("caller memory untouched", 0, k, 1.5);
  __enzyme_reverse((void *)scale2, enzyme_allocated, sizeof(small[0]), enzyme_tape, small,
                   (double *)NULL, dy, u, du);
  check("scale2 du", 0, du[0], 2.0);
  check("scale2 du", 1, du[1], -1.5);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
