// Insertion sort in place, then a position-weighted sum of the sorted data:
//   f(a) = sum_k (k+1) * sort(a)_k.
// The gradient w.r.t. a_i is (rank(a_i)+1).  Typed prototype for the entry
// point (not variadic) and a void function that sorts its argument in place.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, double *, double *, int);

static void isort(double *a, int n) {
  for (int i = 1; i < n; i++) {
    double key = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > key) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = key;
  }
}

double weighted_sorted(double *a, int n) {
  isort(a, n);
  double s = 0.0;
  for (int k = 0; k < n; k++) s += (k + 1) * a[k];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 7 };
  const double init[N] = {3.5, -1.0, 2.25, 9.0, 0.5, -4.0, 1.75};
  double a[N], da[N] = {0};
  for (int i = 0; i < N; i++) a[i] = init[i];
  __enzyme_autodiff((void *)weighted_sorted, a, da, N);
  for (int i = 0; i < N; i++) {
    int rank = 0;
    for (int j = 0; j < N; j++) rank += init[j] < init[i];
    check("d/da", i, da[i], rank + 1.0);
    if (i > 0) check("sorted after call", i, a[i] >= a[i - 1], 1.0);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
