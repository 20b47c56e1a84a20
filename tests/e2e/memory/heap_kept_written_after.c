// Heap blocks the reverse pass reads again instead of taping, because
// nothing writes them after the reads (their frees wait for the end of the
// reverse pass), beside blocks written after some reads: by a helper that
// rewrites the block in place (its parameter inferred nocapture at -O1 on),
// by memcpy, and through an alias into the block.  Central differences.
// CFLAGS: -fno-unroll-loops
#include "../check.h"
#include <stdlib.h>
#include <string.h>
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
#define N 5
__attribute__((noinline)) static void twice(double *p, const double *x, int n) {
  for (int i = 0; i < n; i++) p[i] = p[i] * x[i] + sin(p[i]);
}
__attribute__((noinline)) static double peek(const double *p, int n) { double s = 0; for (int i = 0; i < n; i++) s += p[i] * p[i]; return s; }
// a helper rewrites the block in place before the reads (kept)
static double in_place(double *x, int n) {
  double *t = malloc(n * sizeof(double));
  for (int j = 0; j < n; j++) t[j] = exp(x[j]);
  twice(t, x, n);
  double s = peek(t, n);
  for (int i = 0; i < n; i++) s += sin(t[i] * x[(i + 1) % n]);
  free(t);
  return s;
}
// read, then rewritten in place by the helper, read again (the first reads taped)
static double between(double *x, int n) {
  double *t = malloc(n * sizeof(double));
  for (int j = 0; j < n; j++) t[j] = exp(x[j]);
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(t[i] * x[(i + 1) % n]);
  twice(t, x, n);
  for (int i = 0; i < n; i++) s += cos(t[i] * s);
  free(t);
  return s;
}
// read, then overwritten through memcpy and an alias, read again
static double copied(double *x, int n) {
  double *t = malloc((n + 1) * sizeof(double));
  for (int j = 0; j <= n; j++) t[j] = exp(x[j % n]);
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(t[i] * x[(i + 1) % n]);
  memcpy(t, x, 2 * sizeof(double));
  double *alias = t + 2;
  for (int k = 0; k + 2 < n; k++) alias[k] = x[k] * s;
  for (int i = 0; i <= n; i++) s += cos(t[i] * s);
  free(t);
  return s;
}
#define CHECK(name) ({ double dx[N] = {0}; \
  __enzyme_autodiff((void *)name, enzyme_dup, x, dx, enzyme_const, N); \
  int b_ = 0; for (int i = 0; i < N; i++) b_ += !check_close(#name, i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, name(x, N))); b_; })
int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 0.3 + 0.1 * i;
  int bad = CHECK(in_place) + CHECK(between) + CHECK(copied);
  return bad != 0;
}
