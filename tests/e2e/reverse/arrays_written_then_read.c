// Arrays the caller passes that one loop writes and a later loop reads: the
// reverse pass reads them again where no store of the function can run
// after the load (the undo log need not take earlier stores back; before,
// each value read was taped).  The nearby shapes: an array rewritten after
// being read (its stores must be undone first), a second argument pointing
// into the same array (its stores may change what was read), the filling
// and reading loops inside an outer loop (the next fill follows the read),
// and a loop that reads the entry it wrote one iteration before.  Every
// gradient against central differences.
#include <math.h>
#include <string.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 10 };
int n = N;                            // not a constant: the loops stay loops

double prefix(double *x, double *s, double *p) {
  s[0] = x[0]; p[0] = 1 + 0.1 * x[0];
  for (int i = 1; i < n; i++) { s[i] = s[i - 1] + x[i]; p[i] = p[i - 1] * (1 + 0.1 * x[i]); }
  double e = 0;
  for (int i = 0; i < n; i++) e += s[i] * p[i];
  return e;
}
double rewritten(double *x, double *s, double *p) {
  for (int i = 0; i < n; i++) s[i] = sin(x[i]);
  double e = 0;
  for (int i = 0; i < n; i++) e += s[i] * s[i] * x[i];
  for (int i = 0; i < n; i++) s[i] = cos(x[i]) + p[i];
  for (int i = 0; i < n; i++) e += s[i] * x[i];
  return e;
}
double overlapping(double *x, double *s, double *p) {   // p = s + 1 below
  for (int i = 0; i < n - 1; i++) s[i] = x[i] * x[i];
  double e = 0;
  for (int i = 0; i < n - 1; i++) e += s[i] * x[i + 1];
  for (int i = 0; i < n - 2; i++) p[i] = 3 * x[i];
  for (int i = 0; i < n - 1; i++) e += s[i] * s[i];
  return e;
}
double outer(double *x, double *s, double *p) {
  double e = 0;
  for (int t = 0; t < 3; t++) {
    for (int i = 0; i < n; i++) s[i] = x[i] * (t + 1) + e * 0.01;
    for (int i = 0; i < n; i++) e += s[i] * s[i] * 0.1;
  }
  return e;
}
double running(double *x, double *s, double *p) {
  s[0] = x[0];
  double e = 0;
  for (int i = 1; i < n; i++) { s[i] = s[i - 1] * 0.5 + x[i]; e += s[i - 1] * s[i]; }
  return e;
}

static double (*current)(double *, double *, double *);
static int second_is_first;
static double primal(double *x) {
  double s[N + 1] = {0}, p[N] = {0};
  return current(x, s, second_is_first ? s + 1 : p);
}
#define CHECK(f, alias)                                                         \
  ({                                                                            \
    double x[N], dx[N] = {0}, s[N + 1] = {0}, ds[N + 1] = {0}, p[N] = {0}, dp[N] = {0}; \
    for (int i = 0; i < N; i++) x[i] = 0.2 + 0.75 * sin(1.3 * i + 0.5);         \
    if (alias)                                                                  \
      __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, s, ds,        \
                        enzyme_dup, s + 1, ds + 1);                             \
    else                                                                        \
      __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, s, ds,        \
                        enzyme_dup, p, dp);                                     \
    current = f;                                                                \
    second_is_first = alias;                                                    \
    check_gradient(#f, x, dx, N, primal);                                       \
  })

int main(void) {
  int bad = CHECK(prefix, 0) + CHECK(rewritten, 0) + CHECK(overlapping, 1) + CHECK(outer, 0) +
            CHECK(running, 0);
  if (!bad) printf("ok\n");
  return bad != 0;
}
