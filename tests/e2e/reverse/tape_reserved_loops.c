// Loops whose tape is reserved once before them.  Pointer walks whose
// iterations tape values (exp and log of each element): their exit test
// compares pointers, and the room comes from end - start
// (analysis/loops.py `_pointer_walk_bound`); the nearby shapes: `!=` and
// `<`, an empty walk, a `<` walk whose end lies before its start (no
// iteration), a do-while walk (no guard), a step of two elements, a struct
// stride, and a walk nested in a loop that tapes too.  Outer loops that
// tape once per iteration around inner loops that tape nothing
// (ad/instrument.py `_repeats_in_iteration`); the nearby shapes: rows of
// lengths read from memory, some empty; two inner loops with a taped value
// between them; an inner loop that tapes too (the outer pushes stay
// checked); an outer loop left early.  Every gradient against central
// differences.
#include <math.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 12 };
int n = N, lo = 7, hi = 3;            // not constants: the loops stay loops
int len[N] = {3, 0, 5, 9, 1, 0, 7, 2, 4, 12, 6, 0};

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

double rows(double *x) {             // row lengths read from memory, some 0
  double s = 0;
  for (int i = 0; i < n; i++) {
    double r = 0;
    for (int k = 0; k < len[i]; k++) r += x[k] * x[(2 * i + k) % n] * 0.5;
    s += r * r * x[i] / (2 + x[i] * x[i]);
  }
  return s;
}
double two_inner(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double a = 0, b = 0;
    for (int j = 0; j < len[i]; j++) a += x[j] * x[i];
    double m = exp(a * 0.3);
    for (int j = len[i]; j < n; j++) b += x[j] * m;
    s += m * log(1 + b * b) + sin(a);
  }
  return s;
}
double inner_tapes(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double acc = 0;
    for (int j = 0; j < len[i]; j++) acc += exp(x[j] * x[i]);
    s += acc * acc / (1 + x[i] * x[i]);
  }
  return s;
}
double left_early(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double r = 0;
    for (int k = 0; k < len[i]; k++) r += x[k] * x[(2 * i + k) % n] * 0.5;
    if (r > 1.2) break;
    s += r * r * x[i] / (2 + x[i] * x[i]);
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
            CHECK(step_two) + CHECK(struct_stride) + CHECK(nested) + CHECK(rows) +
            CHECK(two_inner) + CHECK(inner_tapes) + CHECK(left_early);
  if (!bad) printf("ok\n");
  return bad != 0;
}
