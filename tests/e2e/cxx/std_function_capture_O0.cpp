// CFLAGS: -O0
// XFAIL: refused at -O0: the lambda's copy into std::function's buffer, a union also typed as holding pointers
// A std::function returned by value (sret) from a non-inlined function,
// holding a lambda that captures an active value in std::function's own
// buffer, then called.  Unoptimized (the CFLAGS line overrides the level)
// the lambda ({double}) is memcpy'd into _Any_data, which the manager's
// other operations use for a type_info* or a functor pointer: one end of
// the copy reads double, the other pointer.  Taken for a pointer copy the
// captured value's gradient was 0 with exit status 0; now the copy is
// refused with its line (lit memcpy-float-or-pointer.c).  With clang 14's
// typed pointers the evidence found said pointer at both ends, and only
// the lambda's declared type {double} tells the float: 0 with exit status
// 0 there until that was compared too (the XFAIL then took any failure,
// the wrong result included; it now takes a refusal only).  Optimized it is
// right (captured_active_closures.cpp).  Closed form.
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
