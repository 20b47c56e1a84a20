// Loops whose trip counts are known only at run time: a while loop that
// depends on the active value, and a do-while over a runtime length.
//   halve(x): halve k times until |x| <= 1, return x*(k+1): d/dx = (k+1)/2^k
//   prod(x) = prod_i (1 + x_i): d/dx_k = prod / (1 + x_k)
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
void __enzyme_autodiff_ptr(void *, ...);

double halve(double x) {
  int k = 0;
  while (fabs(x) > 1.0) {
    x *= 0.5;
    k++;
  }
  return x * (k + 1);
}

double prod(const double *x, int n) {
  double p = 1.0;
  int i = 0;
  do {
    p *= 1.0 + x[i];
  } while (++i < n);
  return p;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double xs[4] = {10.0, 0.5, -37.0, 1000.0};
  const int ks[4] = {4, 0, 6, 10};
  for (int i = 0; i < 4; i++) {
    char what[32];
    snprintf(what, sizeof what, "halve'(%g)", xs[i]);
    check(what, __enzyme_autodiff((void *)halve, xs[i]), (ks[i] + 1) / pow(2.0, ks[i]), 1e-15);
  }
  volatile int vn = 6;
  const int n = vn;
  double x[6], dx[6] = {0}, p = 1.0;
  for (int i = 0; i < n; i++) p *= 1.0 + (x[i] = 0.1 * i - 0.2);
  __enzyme_autodiff_ptr((void *)prod, x, dx, n);
  for (int i = 0; i < n; i++) check("d prod/dx", dx[i], p / (1.0 + x[i]), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
