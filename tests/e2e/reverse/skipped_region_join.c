// A block entered either straight from a branch or through the region the
// branch's other arm opens: the reverse pass tells the two ways apart by the
// branch's condition.  An inner loop skipped on the last row of a triangle,
// a region with branches of its own behind a data-dependent test, a skipped
// loop inside a loop that reruns the test, and a region that returns early.
// Central differences for all of them.
#include "../check.h"

double __enzyme_autodiff(void *, ...);
extern int enzyme_const, enzyme_dup;

enum { N = 7 };

__attribute__((noinline)) double shapes(int n, const double *x) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double row = x[i];
    if (i + 1 < n)                                       // skipped on the last row
      for (int k = i + 1; k < n; k++) row += sin(x[k] * x[i]);
    s += row * row;
  }
  for (int i = 0; i < n; i++) {
    double t = x[i] * 0.5;
    if (x[i] > 0.1) {                                    // data decides
      for (int k = 0; k < n; k++) {
        if (x[k] < t) t = t * x[k] + 0.1;
        else t = t + cos(x[k]);
      }
      t = t * t;
    }
    s += exp(0.1 * t);
  }
  int j = 0;
  while (j < n) {                                        // the test reruns
    double u = x[j];
    if (u > -0.2) {
      for (int k = j; k < n; k += 2) u *= 1.0 + 0.1 * x[k];
    }
    s += u;
    j += (u > 0.5) ? 2 : 1;
  }
  return s;
}

__attribute__((noinline)) double early(int n, const double *x) {
  double s = x[0];
  if (x[1] > 0) {
    for (int k = 0; k < n; k++) {
      s = s * x[k] + 1.0;
      if (s > 1e3) return s;                             // the region leaves
    }
  }
  return s * s;
}

int main(void) {
  double x[N], dx[N] = {0}, dx2[N] = {0};
  for (int i = 0; i < N; i++) x[i] = 0.9 - 0.27 * i;
  __enzyme_autodiff((void *)shapes, enzyme_const, N, enzyme_dup, x, dx);
  __enzyme_autodiff((void *)early, enzyme_const, N, enzyme_dup, x, dx2);
  int failures = 0;
  for (int i = 0; i < N; i++) {
    failures += !check_close("dx", i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, shapes(N, x)));
    failures += !check_close("dx2", i, dx2[i], CENTRAL_DIFFERENCE(x[i], 1e-6, early(N, x)));
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
