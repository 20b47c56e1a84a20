// A recursive (noinline) function: x^n by repeated squaring.
// d/dx x^n = n x^(n-1).
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double rpow(double x, int n) {
  if (n == 0) return 1.0;
  if (n % 2 == 0) {
    double h = rpow(x, n / 2);
    return h * h;
  }
  return x * rpow(x, n - 1);
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[] = {1.1, -0.7, 2.0};
  const int ns[] = {0, 1, 2, 5, 10, 13};
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 6; b++) {
      double x = xs[a];
      int n = ns[b];
      char what[64];
      snprintf(what, sizeof what, "d rpow(x=%g, n=%d)/dx", x, n);
      check(what, __enzyme_autodiff((void *)rpow, x, n), n == 0 ? 0.0 : n * pow(x, n - 1), 1e-13);
    }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
