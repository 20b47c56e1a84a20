// Pointers to memory without derivatives stored into memory that has a
// shadow: a guard object holding &count (an int global), and an object
// holding a pointer to a constant table.  Such memory is its own shadow.
//   f(x) = 3 sq(x):  f' = 6x, and the guard's destructor runs once per call
//   h(x) = table[1] * x^3:  h' = 3 table[1] x^2
#include <cmath>
#include <cstdio>

extern "C" double __enzyme_autodiff(void *, ...);

int count;
static const double table[3] = {0.5, 2.5, -1.0};
struct Guard { int *n; ~Guard() { (*n)++; } };
struct Op { const double *coef; };

__attribute__((noinline)) double sq(double x) { if (x != x) throw 1; return x * x; }
__attribute__((noinline)) double apply(const Op *op, double x) { return op->coef[1] * x * x * x; }

double f(double x) { Guard g{&count}; return 3.0 * sq(x); }
double h(double x) { Op op{table}; return apply(&op, x); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(std::fabs(got - want) <= 1e-13 * (1.0 + std::fabs(want)))) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main() {
  check("f'", __enzyme_autodiff((void *)f, 1.5), 9.0);
  check("destructor ran", count, 1.0);
  check("h'", __enzyme_autodiff((void *)h, -0.8), 3.0 * 2.5 * 0.64);
  if (failures) return 1;
  std::printf("ok\n");
  return 0;
}
