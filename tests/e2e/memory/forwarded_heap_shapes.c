// Heap arrays filled by one store in a loop and read by a later loop, in the
// shapes next to the one whose reads the reverse pass computes again from
// the store's expression: (A) the store loop inside an outer loop whose
// value changes every round, read after the outer loop (forwarded with the
// last round's value); (B) a store loop starting one later than the loop
// that reads (cell 0 stays calloc's zero); (C) a store loop that can break
// early; (D) a read loop stepping by 2.  Central differences for x and w.
// CFLAGS: -fno-unroll-loops -fno-vectorize -fno-slp-vectorize
#include "../check.h"
#include <stdlib.h>
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
enum { N = 5, T = 4 };
// A
static double fa(double *x, double *w, int n, int t) {
  double *tmp = malloc(sizeof(double[N]));
  for (int r = 0; r < T; r++) {
    double c = exp(x[r]);
    for (int j = 0; j < N; j++) tmp[j] = c * w[j];
  }
  double s = 0;
  for (int k = 0; k < N; k++) s += sin(tmp[k]) * x[k];
  free(tmp);
  return s;
}
// B
static double fb(double *x, double *w, int n, int t) {
  double *tmp = calloc(n, sizeof(double));
  for (int j = 1; j != N; j++) tmp[j] = x[j] * w[j];
  double s = 0;
  for (int k = 0; k != N; k++) s += sin(tmp[k]) * x[k];
  free(tmp);
  return s;
}
// C
static double fc(double *x, double *w, int n, int t) {
  double *tmp = calloc(n, sizeof(double));
  for (int j = 0; j < N; j++) { if (x[j] > 0.55) break; tmp[j] = x[j] * w[j]; }
  double s = 0;
  for (int k = 0; k < N; k++) s += sin(tmp[k]) * x[k];
  free(tmp);
  return s;
}
// D
static double fd(double *x, double *w, int n, int t) {
  double *tmp = calloc(n + 2, sizeof(double));
  for (int j = 0; j < N; j++) tmp[j] = x[j] * w[j];
  double s = 0;
  for (int k = 0; k < N; k += 2) s += sin(tmp[k]) * x[k];
  free(tmp);
  return s;
}
typedef double (*F)(double *, double *, int, int);
static F g_f; static double *g_w;
static double fx(double *x) { return g_f(x, g_w, N, T); }
static int check(const char *what, F f, double *x, double *w, double *dx, double *dw) {
  g_f = f; g_w = w;
  int bad = check_gradient(what, x, dx, N, fx);
  for (int i = 0; i < N; i++) bad += !check_close(what, 100 + i, dw[i], CENTRAL_DIFFERENCE(w[i], 1e-6, f(x, w, N, T)));
  return bad;
}
#define RUN(what, f) ({ double dx[N] = {0}, dw[N] = {0}; \
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, w, dw, enzyme_const, N, enzyme_const, T); \
  check(what, f, x, w, dx, dw); })
int main(void) {
  double x[N], w[N];
  for (int i = 0; i < N; i++) { x[i] = 0.3 + 0.1 * i; w[i] = 1.0 - 0.15 * i; }
  int bad = RUN("A", fa) + RUN("B", fb) + RUN("C", fc) + RUN("D", fd);
  return bad != 0;
}
