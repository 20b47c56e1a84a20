// Split mode with a caller-allocated tape: __enzyme_augmentsize tells how many
// bytes the tape needs; enzyme_allocated, size, enzyme_tape, buf hand that
// memory to both passes.  Run once with a malloc'd buffer, then again with the
// same buffer, then with a stack buffer.
//   f(y, x): y0 = x0 e^{x1},  y1 = x1^2 / (1 + x0^2)
//   seeds (s0, s1): dx0 = s0 e^{x1} - 2 s1 x0 x1^2 / (1+x0^2)^2,
//                   dx1 = s0 x0 e^{x1} + 2 s1 x1 / (1+x0^2)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_allocated, enzyme_tape;
int __enzyme_augmentsize(void *, ...);
void __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

void f(double *y, const double *x) {
  y[0] = x[0] * exp(x[1]);
  y[1] = x[1] * x[1] / (1.0 + x[0] * x[0]);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  _Alignas(16) unsigned char stack_buf[4096];
  int size = __enzyme_augmentsize((void *)f, enzyme_dup, enzyme_dup);
  if (size < 0 || size > (int)sizeof stack_buf) {
    printf("MISMATCH augmentsize: %d\n", size);
    return 1;
  }
  void *heap = malloc(size > 0 ? size : 1);
  for (int run = 0; run < 3; run++) {
    void *buf = run < 2 ? heap : (void *)stack_buf;
    double x[2] = {0.4 + 0.3 * run, -0.9 + 0.5 * run}, dx[2] = {0.0, 0.0}, y[2], dy[2];
    __enzyme_augmentfwd((void *)f, enzyme_allocated, size, enzyme_tape, buf, enzyme_dup, y, dy,
                        enzyme_dup, x, dx);
    const double e = exp(x[1]), q = 1.0 + x[0] * x[0];
    check("primal y0", run, y[0], x[0] * e, 1e-15);
    check("primal y1", run, y[1], x[1] * x[1] / q, 1e-15);
    const double s0 = 1.5, s1 = -2.0 + run;
    dy[0] = s0, dy[1] = s1;
    __enzyme_reverse((void *)f, enzyme_allocated, size, enzyme_tape, buf, enzyme_dup, y, dy,
                     enzyme_dup, x, dx);
    check("dx0", run, dx[0], s0 * e - 2.0 * s1 * x[0] * x[1] * x[1] / (q * q), 1e-14);
    check("dx1", run, dx[1], s0 * x[0] * e + 2.0 * s1 * x[1] / q, 1e-14);
    check("dy0 consumed", run, dy[0], 0.0, 0.0);
    check("dy1 consumed", run, dy[1], 0.0, 0.0);
  }
  free(heap);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
