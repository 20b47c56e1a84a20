// Functions the user marks inactive are run in the forward pass but pass no
// derivative on: listed in __enzyme_inactivefn, or annotated enzyme_inactive.
//   f(x) = x^2 + noisy(x) + scaled(x) + tripled(x), noisy and scaled inactive:
//   df/dx = 2x + 3 (only tripled counts), and noisy still ran (its counter).
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);

static int calls;
__attribute__((noinline)) double noisy(double x) {
  calls++;
  return x * 1000.0;
}
__attribute__((annotate("enzyme_inactive"))) __attribute__((noinline)) double scaled(double x) {
  return x * 7.0;
}
__attribute__((noinline)) double tripled(double x) { return x * 3.0; }

void *__enzyme_inactivefn[] = {(void *)noisy};

double f(double x) { return x * x + noisy(x) + scaled(x) + tripled(x); }

int main(void) {
  int failures = 0;
  for (int k = 0; k < 3; k++) {
    double x = 0.5 + k, d = __enzyme_autodiff((void *)f, x);
    if (fabs(d - (2 * x + 3)) > 1e-14) {
      printf("MISMATCH df/dx at %g: got %.17g, want %.17g\n", x, d, 2 * x + 3);
      failures++;
    }
  }
  if (calls < 3) {
    printf("MISMATCH the inactive function did not run in the forward pass (%d calls)\n", calls);
    failures++;
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
