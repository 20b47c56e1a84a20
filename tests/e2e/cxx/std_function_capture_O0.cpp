// CFLAGS: -O0
// XFAIL: at -O0 the gradient of a value captured by a lambda held in a std::function returned by value is dropped (got 0, exit status 0)
// A std::function returned by value (sret) from a non-inlined function,
// holding a lambda that captures an active value in std::function's own
// buffer, then called.  Unoptimized (the CFLAGS line overrides the level),
// the captured value's gradient is lost; optimized it is right
// (captured_active_closures.cpp).  Closed form.
#include <cmath>
#include <cstdio>
#include <functional>

extern "C" int enzyme_const;
extern "C" double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) std::function<double(double)> make(double k) {
  return [k](double t) { return k * t * t; };
}

double f(double k, double t) {
  auto g = make(k);
  return g(t);
}

int main() {
  double k = 0.7, t = 1.3;
  double dk = __enzyme_autodiff((void *)f, k, enzyme_const, t);
  if (std::fabs(dk - t * t) > 1e-12 * (1 + t * t)) {
    std::printf("MISMATCH dk: got %.17g, want %.17g\n", dk, t * t);
    return 1;
  }
  return 0;
}
