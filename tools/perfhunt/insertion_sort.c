// Insertion sort of a local copy of the values (data-dependent compares
// and shifts), then a weighted sum of squares in sorted order; all values
// active.
#define PH_CONSUME
#define PH_REPS 10
#include "ph.h"
#define N 300
PH_VECTOR_INPUTS(N)
double sorted_loss(const double *x, int n) {
  double *a = malloc(sizeof(double) * n);
  memcpy(a, x, sizeof(double) * n);
  for (int i = 1; i < n; i++) {
    double v = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
  double s = 0;
  for (int i = 0; i < n; i++) s += (1.0 + (double)i / n) * a[i] * a[i];
  free(a);
  return s;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  for (int i = 0; i < N; i++) X[i] = sin(1.7 * i + 0.3) + 0.001 * i;
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)sorted_loss, enzyme_dup, X, DX, enzyme_const, N);
}
static double ph_primal(void) { return sorted_loss(X, N); }
