// Pointer walks whose iterations tape values (exp and log of each element):
// their exit test compares pointers, and the tape is reserved once before
// the loop from end - start (analysis/loops.py `_pointer_walk_bound`).
// The nearby shapes: `!=` and `<`, an empty walk, a `<` walk whose end lies
// before its start (no iteration), a do-while walk (no guard), a step of
// two elements, a struct stride, and a walk nested in a loop that tapes
// too.  Every gradient against central differences.
#include <math.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 12 };
int n = N, lo = 7, hi = 3;            // not constants: the loops stay loops

double walk_ne(double *x) {
  double s = 0;
  for (const double *p = x; p != x + n; p++) s += exp(*p) * log(1 + *p);
  return s;
}
double walk_lt(double *x) {
  double s = 0;
  for (const double *p = x + 1; p < x + n; p++) s += exp(*p) * log(1 + p[-1]);
  return s;
}
double empty_and_backwards(double *x) {   // start == end, then end before start
  double s = x[0];
  for (const double *p = x + lo; p != x + lo; p++) s += exp(*p) * log(1 + *p);
  for (const double *p = x + lo; p < x + hi; p++) s += exp(*p) * log(1 + *p);
  return s;
}
double do_while(double *x) {
  double s = 0;
  const double *p = x;
  do { s += exp(*p) * log(1 + *p); } while (++p != x + n);
  return s;
}
double step_two(double *x) {
  double s = 0;
  for (const double *p = x; p != x + n; p += 2) s += exp(p[0]) * log(1 + p[1]);
  return s;
}
typedef struct { double a, b, c; } triple;
double struct_stride(double *x) {
  double s = 0;
  for (const triple *t = (const triple *)x; t != (const triple *)x + n / 3; t++)
    s += exp(t->a) * log(1 + t->b * t->c);
  return s;
}
double nested(double *x) {
  double s = 0;
  for (int i = 0; i < 3; i++) {
    double w = exp(x[i]);
    for (const double *p = x + i; p != x + n; p++) s += w * exp(*p) * log(1 + *p);
  }
  return s;
}

#define CHECK(f)                                                            \
  ({                                                                        \
    double x[N], dx[N] = {0};                                               \
    for (int i = 0; i < N; i++) x[i] = 0.2 + 0.75 * sin(1.3 * i + 0.5);     \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx);                        \
    check_gradient(#f, x, dx, N, f);                                        \
  })

int main(void) {
  int bad = CHECK(walk_ne) + CHECK(walk_lt) + CHECK(empty_and_backwards) + CHECK(do_while) +
            CHECK(step_two) + CHECK(struct_stride) + CHECK(nested);
  if (!bad) printf("ok\n");
  return bad != 0;
}
