// A gradient computed in split mode (__enzyme_augmentfwd, then
// __enzyme_reverse on its tape), differentiated again: reverse over split
// and forward over split.  The loop's trip count is known only at run
// time, and long enough that the inner tape grows.  Closed forms:
//   f(x, n) = sum_{k=1..n} x^k,  f' = sum k x^(k-1),  f'' = sum k (k-1) x^(k-2)
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

void powers(const double *x, double *y, int n) {
  double s = 0.0, p = 1.0;
  for (int k = 0; k < n; k++) {
    p *= x[0];
    s += p;
  }
  y[0] = s;
}

double split_gradient(double x, int n) {
  double xs[1] = {x}, dx[1] = {0.0}, y[1], dy[1] = {1.0};
  void *tape = __enzyme_augmentfwd((void *)powers, enzyme_dup, xs, dx, enzyme_dup, y, dy,
                                   enzyme_const, n);
  __enzyme_reverse((void *)powers, enzyme_dup, xs, dx, enzyme_dup, y, dy, enzyme_const, n, tape);
  return dx[0];
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-11 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  int counts[] = {1, 2, 900};
  for (int c = 0; c < 3; c++) {
    int n = counts[c];
    for (double x = -0.9; x < 1.0; x += 0.6) {
      double d1 = 0.0, d2 = 0.0;
      for (int k = 1; k <= n; k++) d1 += k * pow(x, k - 1);
      for (int k = 2; k <= n; k++) d2 += k * (k - 1) * pow(x, k - 2);
      check("split gradient", split_gradient(x, n), d1);
      check("reverse over split",
            __enzyme_autodiff((void *)split_gradient, x, enzyme_const, n), d2);
      check("forward over split",
            __enzyme_fwddiff((void *)split_gradient, x, 1.0, enzyme_const, n), d2);
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
