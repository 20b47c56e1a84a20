// Static state in C++: a function-local static with a dynamic initializer
// (a guard variable, __cxa_guard_acquire at -O0) set from the first call's
// argument, so its derivative flows in that call only; a static data member
// read then updated by a member function called twice per call; a
// namespace-scope ring buffer.  Reverse and forward alternately.
#include <cmath>
#include <cstdio>
extern int enzyme_dup, enzyme_const, enzyme_out;
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
static int bad = 0;
static void check(const char *w, int k, double got, double want) {
  if (std::fabs(got - want) > 1e-9 * (1 + std::fabs(want))) { std::printf("MISMATCH %s[%d]: got %.10g want %.10g\n", w, k, got, want); bad++; }
}
__attribute__((noinline)) double first_seen(double x) {
  static double s = x * 2;            /* dynamic init with a guard: from the first call's x */
  return s * x + x * x;
}
struct Counter {
  static double total;
  double scale;
  __attribute__((noinline)) double add(double x) { double r = total * x * scale; total += x; return r; }
};
double Counter::total = 0;
__attribute__((noinline)) double member(double x) { Counter c{2.0}; return c.add(x) + c.add(x * x); }
namespace ns { double hist[3]; int pos; }
__attribute__((noinline)) double with_ns(double x) {
  ns::hist[ns::pos++ % 3] = x * x;
  return ns::hist[0] + ns::hist[1] + ns::hist[2];
}
int main() {
  double x0 = 1.5;
  /* first call: s = 2x, f = 2x^2 + x^2 -> 6x */
  check("first_seen first", 0, __enzyme_autodiff((void *)first_seen, x0), 6 * x0);
  for (int i = 1; i < 4; i++) {
    double x = 0.5 + i;     /* s fixed at 3: f' = 3 + 2x */
    double g = i % 2 ? __enzyme_fwddiff((void *)first_seen, x, 1.0) : __enzyme_autodiff((void *)first_seen, x);
    check("first_seen later", i, g, 3 + 2 * x);
  }
  for (int i = 0; i < 4; i++) {
    double x = 0.3 + i, t = Counter::total;
    /* r1 = 2 t x, total = t + x; r2 = 2 (t + x) x^2, total += x^2 -> 2t + 2(t + x) 2x + 2 x^2 */
    double want = 2 * t + 4 * x * (t + x) + 2 * x * x;
    double g = i % 2 ? __enzyme_fwddiff((void *)member, x, 1.0) : __enzyme_autodiff((void *)member, x);
    check("member", i, g, want);
  }
  for (int i = 0; i < 5; i++) {
    double x = 0.2 + i;
    double g = i % 2 ? __enzyme_fwddiff((void *)with_ns, x, 1.0) : __enzyme_autodiff((void *)with_ns, x);
    check("with_ns", i, g, 2 * x);
  }
  return bad != 0;
}
