/* Checks shared by the e2e programs: `#include "../check.h"`.
 *
 * check_close(what, k, got, want): 1 when got is within E2E_TOLERANCE of
 * want (relative, with the same absolute floor); otherwise it prints a
 * MISMATCH line naming what[k] and returns 0.  Define E2E_TOLERANCE before
 * the include for another tolerance (1e-6 by default).
 *
 * CENTRAL_DIFFERENCE(var, h, expr): the central difference of `expr` in the
 * variable `var`, (expr at var + h - expr at var - h) / 2h, with var
 * restored afterwards.  `var` is changed in place, so `expr` may read it
 * through any pointer (an array element, a field).  A GNU statement
 * expression: clang accepts it in C and C++.
 *
 * check_gradient(what, x, dx, n, f): how many of dx[0..n) differ from the
 * central differences of f at x (step 1e-6), each printed as above.
 *
 * check_gradient_copied(what, x, dx, n, f): the same for an f that writes
 * its input: each evaluation gets a fresh copy of x[0..n), n <= 256.
 *
 * CHECK_REVERSE(f, x, n): check_gradient of f at x[0..n) against the
 * gradient __enzyme_autodiff gives (the program declares it and
 * enzyme_dup).  A macro: at -O0 the differentiated function must be named.
 *
 * CHECK_BOTH_MODES(f, x, n): the same and forward mode (below). */
#ifndef E2E_CHECK_H
#define E2E_CHECK_H

#include <math.h>
#include <stdio.h>

#ifndef E2E_TOLERANCE
#define E2E_TOLERANCE 1e-6
#endif

static int check_close(const char *what, int k, double got, double want) {
  if (fabs(got - want) <= E2E_TOLERANCE * (1 + fabs(want))) return 1;
  printf("MISMATCH %s[%d]: got %.10g, want %.10g\n", what, k, got, want);
  return 0;
}

#define CENTRAL_DIFFERENCE(var, h, expr)        \
  ({                                             \
    double saved_ = (var);                       \
    (var) = saved_ + (h);                        \
    double plus_ = (expr);                       \
    (var) = saved_ - (h);                        \
    double minus_ = (expr);                      \
    (var) = saved_;                              \
    (plus_ - minus_) / (2 * (h));                \
  })

static int check_gradient(const char *what, double *x, const double *dx, int n,
                          double (*f)(double *)) {
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += !check_close(what, i, dx[i], CENTRAL_DIFFERENCE(x[i], 1e-6, f(x)));
  return bad;
}

static double (*copied_f_)(double *);
static int copied_n_;

__attribute__((unused)) static double copied_eval_(double *x) {
  double tmp[256];
  for (int i = 0; i < copied_n_; i++) tmp[i] = x[i];
  return copied_f_(tmp);
}

__attribute__((unused)) static int check_gradient_copied(const char *what, double *x,
                                                         const double *dx, int n,
                                                         double (*f)(double *)) {
  copied_f_ = f;
  copied_n_ = n;
  return check_gradient(what, x, dx, n, copied_eval_);
}

__attribute__((unused)) static double *zeroed_(double *dx, int n) {
  for (int i = 0; i < n; i++) dx[i] = 0;
  return dx;
}

#define CHECK_REVERSE(f, x, n) ({ double dx_[n]; \
  __enzyme_autodiff((void *)f, enzyme_dup, x, zeroed_(dx_, n)); check_gradient(#f, x, dx_, n, f); })

/* CHECK_BOTH_MODES(f, x, n): CHECK_REVERSE, and each forward-mode derivative
 * of f at x along a unit direction (__enzyme_fwddiff, declared by the
 * program) against the central difference in that input. */
#define CHECK_BOTH_MODES(f, x, n) ({ int bad_ = CHECK_REVERSE(f, x, n); \
  for (int k_ = 0; k_ < (n); k_++) { double t_[n]; zeroed_(t_, n)[k_] = 1; \
    bad_ += !check_close(#f " forward", k_, __enzyme_fwddiff((void *)f, enzyme_dup, x, t_), \
                         CENTRAL_DIFFERENCE((x)[k_], 1e-6, f(x))); } \
  bad_; })

#endif
