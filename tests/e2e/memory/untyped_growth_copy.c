// A buffer of doubles kept as `void *` and grown by malloc, memcpy and free in
// a helper: at -O0 nothing types the copied bytes, and the reverse of the copy
// is the run-time-checked byte move of ad/typed_memory.py (its source is freed
// right after, so its shadow holds zeros there).  Gradient against central
// differences.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
typedef struct { void *data; size_t bytes; } buffer;
__attribute__((noinline)) static void grow(buffer *b, size_t bytes) {
  void *p = malloc(bytes);
  memcpy(p, b->data, b->bytes);
  free(b->data);
  b->data = p;
  b->bytes = bytes;
}
double f(const double *x, int n) {
  buffer b = {malloc(sizeof(double)), sizeof(double)};
  ((double *)b.data)[0] = x[0];
  for (int i = 1; i < n; i++) {
    grow(&b, (i + 1) * sizeof(double));
    ((double *)b.data)[i] = sin(x[i]) * ((double *)b.data)[i - 1];
  }
  double s = 0;
  for (int i = 0; i < n; i++) s += ((double *)b.data)[i];
  free(b.data);
  return s;
}
int main(void) {
  double x[5] = {0.5, 1.1, -0.3, 0.8, 1.7}, dx[5] = {0}, h = 1e-6;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 5);
  int ok = 1;
  for (int k = 0; k < 5; k++) {
    double s = x[k]; x[k] = s + h; double fp = f(x, 5); x[k] = s - h; double fm = f(x, 5); x[k] = s;
    double fd = (fp - fm) / (2 * h);
    if (fabs(fd - dx[k]) > 1e-6 * (1 + fabs(fd))) { printf("MISMATCH %d %g %g\n", k, dx[k], fd); ok = 0; }
  }
  return !ok;
}
