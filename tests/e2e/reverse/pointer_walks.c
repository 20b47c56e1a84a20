// Loops that walk pointers instead of counting (transforms/pointer_counters.py
// gives them an integer counter): forward and backward walks, `!=` and `<`
// tests, a struct stride, two pointers stepping together, in-place writes
// through the walking pointer, a nested walk starting at the outer pointer,
// a walk left early by a data-dependent break, walks carrying what they read
// in the previous iteration (recomputed at the counter's previous value, the
// first iteration told by the sign of that value), and in-place writes
// through a 24-byte stride (its values taped, the room reserved from the
// walk's bytes), walks of one loop sharing a counter or not (steps of 8
// and 16 bytes).  Every gradient against central differences.
#include <math.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 10 };
int n = N;                            // not a constant: the loops stay loops

double forward_ne(double *x) {
  double s = 0;
  for (const double *q = x; q != x + n; q++) s += *q * sin(*q);
  return s;
}

double backward_lt(double *x) {       // a negative step, carried product
  double s = 0, p = 1;
  for (const double *q = x + n - 1; q >= x; q--) { p = p * 0.9 + *q; s += p * p; }
  return s;
}

typedef struct { double a, b, c; } triple;
double struct_stride(double *x) {     // x holds N/2 triples and more
  double s = 0;
  for (const triple *t = (const triple *)x; t < (const triple *)x + n / 3; t++)
    s += t->a * t->b / (1 + t->c * t->c);
  return s;
}

double in_place(double *x) {          // writes through the walking pointers
  double s = 0;
  for (double *q = x + 1, *prev = x; q != x + n; q++, prev++) {
    *q = *q * *prev + sqrt(1 + *q * *q);
    s += *q;
  }
  return s;
}

double nested(double *x) {            // inner walk starts one past the outer pointer
  double e = 0;
  for (const double *a = x; a < x + n; a++)
    for (const double *b = a + 1; b < x + n; b++) {
      double d = *a - *b;
      e += 1 / (1 + d * d);
    }
  return e;
}

double early_break(double *x) {       // stops at the first element above 0.9
  double s = 0;
  for (const double *q = x; q != x + n; q++) {
    if (*q > 0.9) break;
    s += exp(*q) * *q;
  }
  return s;
}

double struct_prev(double *x) {      // carries the last triple's b
  double s = 0, prev = 0.5;
  for (const triple *t = (const triple *)x; t != (const triple *)x + n / 3; t++) {
    s += (t->a - prev) * (t->a - prev) * t->c;
    prev = t->b;
  }
  return s;
}

double backward_prev(double *x) {    // a backward walk carrying the element it read last
  double s = 0, prev = 0.25;
  for (const double *q = x + n - 1; q >= x; q--) {
    s += (*q - prev) * (*q - prev) / (1 + *q * *q);
    prev = *q;
  }
  return s;
}

double struct_in_place(double *x) {  // writes through a 24-byte walk
  double s = 0;
  for (triple *t = (triple *)x; t != (triple *)x + n / 3; t++) {
    t->a = t->a * t->b + sin(t->c);
    s += t->a * t->a * t->c;
  }
  return s;
}

double strided_pair(double *x) {     // two walks of one loop, by 8 and by 16 bytes
  double s = 0;
  const double *q = x, *r = x + 1;
  for (int i = 0; i < n / 2; i++, q++, r += 2) s += *q * *r * *r;
  return s;
}

static double (*current)(double *);
static double via_copy(double *x) {   // some functions write their input
  double tmp[N];
  for (int i = 0; i < N; i++) tmp[i] = x[i];
  return current(tmp);
}

#define CHECK(f)                                                            \
  ({                                                                        \
    double x[N], dx[N] = {0}, work[N];                                      \
    for (int i = 0; i < N; i++) work[i] = x[i] = 0.2 + 0.75 * sin(1.3 * i + 0.5); \
    __enzyme_autodiff((void *)f, enzyme_dup, work, dx);                     \
    current = f;                                                            \
    check_gradient(#f, x, dx, N, via_copy);                                 \
  })

int main(void) {
  int bad = CHECK(forward_ne) + CHECK(backward_lt) + CHECK(struct_stride) +
            CHECK(in_place) + CHECK(nested) + CHECK(early_break) +
            CHECK(struct_prev) + CHECK(backward_prev) + CHECK(struct_in_place) +
            CHECK(strided_pair);
  if (!bad) printf("ok\n");
  return bad != 0;
}
