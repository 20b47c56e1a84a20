// Forward mode with y passed enzyme_dupnoneed, and the function reading
// back what it stored through y by a copy of y kept in memory: a struct
// handed to a reader the compiler cannot see into (g1), a volatile copy
// (g2).  The stores through y must stay, else the reads see stale values
// and the tangent of y[i] * y[i] is wrong (it was 0: the stores were
// dropped).  Central differences in a.
#include "../check.h"

extern int enzyme_dupnoneed, enzyme_const;
double __enzyme_fwddiff(void *, ...);

struct view { double *p; int n; };

__attribute__((noinline)) double read_view(const struct view *v) {
  double s = 0;
  for (int i = 0; i < v->n; i++) s += v->p[i] * v->p[i];
  return s;
}

__attribute__((noinline)) double g1(double *y, int n, double a) {
  for (int i = 0; i < n; i++) y[i] = sin(a * (i + 1));
  struct view v = { y, n };
  return read_view(&v);
}
__attribute__((noinline)) double g2(double *y, int n, double a) {
  for (int i = 0; i < n; i++) y[i] = cos(a * (i + 2));
  double *volatile copy = y;
  double *q = copy, s = 0;
  for (int i = 0; i < n; i++) s += q[i] * q[i] * a;
  return s;
}

enum { N = 4 };

// The API call names each function itself: at -O0 a pointer passed through
// a parameter is not known at compile time.
#define CHECK(f, a0)                                                          \
  ({                                                                          \
    double y[N] = {0}, dy[N] = {0}, scratch[N], a = (a0);                     \
    double got = __enzyme_fwddiff((void *)f, enzyme_dupnoneed, y, dy,         \
                                  enzyme_const, N, a, 1.0);                   \
    check_close(#f, 0, got, CENTRAL_DIFFERENCE(a, 1e-6, f(scratch, N, a)));   \
  })

int main(void) {
  int failures = 0;
  failures += !CHECK(g1, 0.7);
  failures += !CHECK(g2, 0.4);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
