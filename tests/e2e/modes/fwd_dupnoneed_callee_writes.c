// Forward mode with x passed enzyme_dupnoneed: the caller does not need x's
// primal values afterwards, but the function itself reads what a callee
// wrote into x (f1: a load in the caller; f2: another callee; f3: a load
// through a pointer that is x or a local array, chosen at run time).  The
// function's own stores into x are kept for the same reasons (f4: x or a
// local array read through a select; f5: a callee reading what it stored).  The callee
// must then keep its primal stores, else the tangent is computed from stale
// values (found by the gradient fuzzer, seed 338).  Tangents against central
// differences along (tx, ta).
#include <string.h>
#include "../check.h"

extern int enzyme_dupnoneed, enzyme_const;
double __enzyme_fwddiff(void *, ...);

enum { N = 5 };

static __attribute__((noinline)) void fill(double *out, int m, double a) {
  for (int i = 0; i < m; i++) out[i] = sin(a * (i + 1));
}
static __attribute__((noinline)) double total(const double *v, int m) {
  double s = 0;
  for (int i = 0; i < m; i++) s += v[i] * v[i];
  return s;
}
__attribute__((noinline)) double f1(double *x, int n, double a) {
  fill(x + 1, n - 1, a);
  return x[1] * x[n - 1] + x[0] * a;
}
__attribute__((noinline)) double f2(double *x, int n, double a) {
  fill(x, n, a);
  return total(x, n) + x[0];
}

__attribute__((noinline)) double f3(double *x, int n, double a) {
  double loc[N];
  for (int i = 0; i < n; i++) loc[i] = 0.5;
  fill(x, n, a);
  const double *q = a > 0 ? x : loc;
  double s = 0;
  for (int i = 0; i < n; i++) s += q[i] * q[i];
  return s;
}

__attribute__((noinline)) double f4(double *x, int n, double a) {
  double loc[N];
  for (int i = 0; i < n; i++) loc[i] = 0.5;
  for (int i = 0; i < n; i++) x[i] = sin(a * (i + 1));
  const double *q = a > 0 ? x : loc;
  double s = 0;
  for (int i = 0; i < n; i++) s += q[i] * q[i];
  return s;
}
__attribute__((noinline)) double f5(double *x, int n, double a) {
  for (int i = 0; i < n; i++) x[i] = cos(a * x[i]);
  return total(x, n);
}

static const double X0[N] = {0.3, -1.2, 0.8, 2.0, -0.4}, TX[N] = {0.5, 0.1, -0.9, 0.4, 1.1};
static const double A0 = 0.7, TA = -0.6;

static double along(double (*f)(double *, int, double), double s) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = X0[i] + s * TX[i];
  return f(x, N, A0 + s * TA);
}

// The API call names each function itself: at -O0 a pointer passed through
// a parameter is not known at compile time.
#define TANGENT(f)                                                            \
  ({                                                                          \
    double x[N], dx[N];                                                       \
    memcpy(x, X0, sizeof x);                                                  \
    memcpy(dx, TX, sizeof dx);                                                \
    __enzyme_fwddiff((void *)f, enzyme_dupnoneed, x, dx, enzyme_const, N, A0, TA); \
  })

static int check(const char *what, double (*f)(double *, int, double), double tangent) {
  double s = 0;
  return check_close(what, 0, tangent, CENTRAL_DIFFERENCE(s, 1e-6, along(f, s)));
}

int main(void) {
  int ok = check("f1 tangent", f1, TANGENT(f1)) & check("f2 tangent", f2, TANGENT(f2)) &
           check("f3 tangent", f3, TANGENT(f3)) & check("f4 tangent", f4, TANGENT(f4)) &
           check("f5 tangent", f5, TANGENT(f5));
  if (ok) printf("ok\n");
  return !ok;
}
