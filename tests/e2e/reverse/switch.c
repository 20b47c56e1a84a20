// switch statements: on a constant int argument (with a fall-through), and on
// an integer computed from the active value itself.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

double by_mode(double x, int mode) {
  switch (mode) {
  case 0:
    return sin(x);
  case 1:
    return x * x;
  case 2:
  case 3:
    x = exp(x);
    /* fall through */
  case 4:
    return 3.0 * x;
  default:
    return x;
  }
}

double by_value(double x) {
  switch ((int)floor(x)) {
  case 0: return x * x;
  case 1: return 2.0 * x - 1.0;
  case 2: return sqrt(x);
  default: return -x;
  }
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double x = 0.8;
  const double want_mode[6] = {cos(x), 2.0 * x, 3.0 * exp(x), 3.0 * exp(x), 3.0, 1.0};
  for (int mode = 0; mode < 6; mode++) {
    char what[32];
    snprintf(what, sizeof what, "by_mode'(mode=%d)", mode == 5 ? 7 : mode);
    check(what, __enzyme_autodiff((void *)by_mode, x, mode == 5 ? 7 : mode), want_mode[mode], 1e-14);
  }
  const double xs[5] = {0.5, 1.5, 2.25, 5.5, -1.0};
  const double want[5] = {1.0, 2.0, 1.0 / 3.0, -1.0, -1.0};
  for (int i = 0; i < 5; i++) {
    char what[32];
    snprintf(what, sizeof what, "by_value'(%g)", xs[i]);
    check(what, __enzyme_autodiff((void *)by_value, xs[i]), want[i], 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
