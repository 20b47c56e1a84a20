// Closures capturing an active value, made by non-inlined functions and
// called later: a heap-allocated functor returned as a base-class pointer
// (virtual call), a C-style {function, environment} pair returned in
// registers, and (optimized only: at -O0 see std_function_capture_O0.cpp) a
// std::function returned by value.  The callers took the returned pointers
// for memory without derivatives: the captured value's gradient was
// dropped, exit status 0 (analysis/activity.py).  Closed form.
#include <cmath>
#include <cstdio>
#include <functional>

extern "C" int enzyme_const;
extern "C" double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) std::function<double(double)> make(double k) {
  return [k](double t) { return k * t * t; };
}

struct Fn { virtual double operator()(double) const = 0; virtual ~Fn() {} };
struct Scale : Fn {
  double k;
  explicit Scale(double k) : k(k) {}
  double operator()(double t) const override { return std::sin(k) * t; }
};
__attribute__((noinline)) Fn *make_heap(double k) { return new Scale(k); }

struct Env { double k; };
struct Closure { double (*call)(const Env *, double); Env *env; };
static double call_env(const Env *e, double t) { return e->k * e->k + t; }
__attribute__((noinline)) Closure make_pair(double k) { return {call_env, new Env{k}}; }

double f(double k, double t) {
#ifdef __OPTIMIZE__
  auto g = make(k);
  double from_function = g(t);
#else
  double from_function = t;             // see the XFAIL program
#endif
  Fn *h = make_heap(k);
  Closure c = make_pair(k);
  double r = from_function + (*h)(t) + c.call(c.env, t);
  delete h;
  delete c.env;
  return r;
}

int main() {
  double k = 0.7, t = 1.3;
  double dk = __enzyme_autodiff((void *)f, k, enzyme_const, t);
#ifdef __OPTIMIZE__
  double want = t * t + std::cos(k) * t + 2 * k;
#else
  double want = std::cos(k) * t + 2 * k;
#endif
  if (std::fabs(dk - want) > 1e-12 * (1 + std::fabs(want))) {
    std::printf("MISMATCH dk: got %.17g, want %.17g\n", dk, want);
    return 1;
  }
  return 0;
}
