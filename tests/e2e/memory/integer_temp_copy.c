// A double moved through a uint64_t temporary by memcpy (a type-agnostic
// swap).  At -O0 the temporary is an `i64` alloca: the bytes it holds are
// still a double, so the derivative follows them, and the destination's
// old derivative is cleared.  Closed form: f = v[1] + 10 v[0] after the swap.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

double __enzyme_autodiff(void *, ...);

void swap_bits(double *v, int i, int j) {
  uint64_t t;
  memcpy(&t, &v[i], 8);
  memcpy(&v[i], &v[j], 8);
  memcpy(&v[j], &t, 8);
}

double swapped(double *v) {
  swap_bits(v, 0, 1);
  return v[0] + 10 * v[1];
}

double overwritten(double *v) {
  memcpy(&v[0], &v[1], 8);
  return v[0] + 10 * v[1];
}

static int failures;
static void check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-13 * (1.0 + fabs(want))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double v[2] = {1, 2}, dv[2] = {0, 0};
  __enzyme_autodiff((void *)swapped, v, dv);
  check("swapped dv[0]", dv[0], 10);
  check("swapped dv[1]", dv[1], 1);
  double w[2] = {1, 2}, dw[2] = {0, 0};
  __enzyme_autodiff((void *)overwritten, w, dw);
  check("overwritten dw[0]", dw[0], 0);
  check("overwritten dw[1]", dw[1], 11);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
