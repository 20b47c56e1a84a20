// A function that throws with a message built from an active value
// (std::to_string calls a variadic formatter).  The derivative follows the
// path that returns, so the throwing path's calls are not differentiated.
// Closed form f = x^3 + 2x for x >= 0, reverse and forward mode.
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

extern "C" {
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
}

__attribute__((noinline)) double checked(double x) {
  if (x < 0) throw std::domain_error("negative: " + std::to_string(x));
  return x * x * x;
}

double f(double x) { return checked(x) + 2 * x; }

static int failures;
static void check(const char *what, double got, double want) {
  if (std::fabs(got - want) > 1e-13 * (1.0 + std::fabs(want))) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main() {
  double x = 1.5, want = 3 * x * x + 2;
  check("reverse", __enzyme_autodiff((void *)f, x), want);
  check("forward", __enzyme_fwddiff((void *)f, x, 1.0), want);
  try {
    f(-1.0);
    failures++;
  } catch (const std::domain_error &) {
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
