// A C++ function with a local object whose destructor must run when a callee
// throws: the call is an invoke with a landing pad at every -O level.
//   f(x) = 3 sq(x), sq(x) = x^2 (throws on NaN):  f'(x) = 6x
#include <cmath>
#include <cstdio>

extern "C" double __enzyme_autodiff(void *, ...);

int destroyed;
struct Guard {
  ~Guard() { destroyed++; }
};

__attribute__((noinline)) double sq(double x) {
  if (x != x) throw 1;
  return x * x;
}

double f(double x) {
  Guard g;
  return 3.0 * sq(x);
}

int main() {
  int failures = 0;
  const double xs[] = {1.5, -0.25};
  for (int k = 0; k < 2; k++) {
    double got = __enzyme_autodiff((void *)f, xs[k]), want = 6.0 * xs[k];
    if (!(std::fabs(got - want) <= 1e-13 * (1.0 + std::fabs(want)))) {
      std::printf("MISMATCH f'(%g): got %.17g, want %.17g\n", xs[k], got, want);
      failures++;
    }
  }
  if (destroyed < 2) {
    std::printf("MISMATCH destructor runs: got %d, want >= 2\n", destroyed);
    failures++;
  }
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
