// A custom gradient with a tape: the augmented forward mallocs a cache holding
// sigmoid(x) and returns it as void*; the reverse reads it, frees it and
// returns dret * sigmoid(x).  In a loop, each call's tape must reach the
// reverse of that same call.  Counters check that the rules ran and that every
// tape was freed.
//   softplus(x) = log(1 + e^x),  softplus' = sigmoid(x) = 1 / (1 + e^{-x})
//   f(a) = sum_i (i+1) softplus(a_i):  df/da_i = (i+1) sigmoid(a_i)
//   g(x, y) = softplus(x) softplus(y): g_x = sigmoid(x) softplus(y), g_y likewise
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { double dx, dy; } D2;
void __enzyme_autodiff(void *, ...);
D2 __enzyme_autodiff2(void *, ...);

int aug_calls, rev_calls, live_tapes;

__attribute__((noinline)) double softplus(double x) { return log1p(exp(x)); }

void *softplus_aug(double x) {
  double *cache = malloc(sizeof(double));
  *cache = 1.0 / (1.0 + exp(-x));
  aug_calls++, live_tapes++;
  return cache;
}

double softplus_rev(double x, double dret, void *tape) {
  double s = *(double *)tape;
  free(tape);
  rev_calls++, live_tapes--;
  (void)x;
  return dret * s;
}

void *__enzyme_register_gradient_softplus[3] = {(void *)softplus, (void *)softplus_aug,
                                                 (void *)softplus_rev};

double f(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += (i + 1) * softplus(a[i]);
  return s;
}

double g(double x, double y) { return softplus(x) * softplus(y); }

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

int main(void) {
  enum { N = 7 };
  double a[N], da[N] = {0};
  for (int i = 0; i < N; i++) a[i] = 0.6 * i - 2.0;
  __enzyme_autodiff((void *)f, a, da, N);
  for (int i = 0; i < N; i++) check("df/da", i, da[i], (i + 1) * sigmoid(a[i]), 1e-14);
  check("aug calls (loop)", 0, aug_calls, N, 0.0);
  check("rev calls (loop)", 0, rev_calls, N, 0.0);
  const double x = 0.3, y = -1.7;
  D2 d = __enzyme_autodiff2((void *)g, x, y);
  check("g_x", 0, d.dx, sigmoid(x) * log1p(exp(y)), 1e-14);
  check("g_y", 0, d.dy, sigmoid(y) * log1p(exp(x)), 1e-14);
  check("aug calls (total)", 0, aug_calls, N + 2, 0.0);
  check("rev calls (total)", 0, rev_calls, N + 2, 0.0);
  check("tapes freed", 0, live_tapes, 0, 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
