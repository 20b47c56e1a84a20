// Forward over reverse of a gradient whose kernel overwrites x after reading
// it: the combined reverse pass repeats those loads through its undo log
// and replays the log at the end, copying the overwritten words back.  The
// replay copied them as integer words, which forward mode of the gradient
// could not type in active memory (refused without a location; fuzz seed
// 10196); it copies the stores' own type.
//   k(x, a) = sum_i (0.1 tgamma(2 + sin(1.25 x_i)) + tanh(3 x_i + a)), where
//   a loop whose trip count depends on x_i reads x before x_i <- x_i / 2 + a
// H v of J = k + w . x_after (x dup and dupnoneed), by central differences of
// the gradient, itself checked by central differences of J.
#include "../check.h"
#include <string.h>

extern int enzyme_dup, enzyme_dupnoneed, enzyme_out, enzyme_const;
double __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 4 };
static const double W[N] = {0.3, -0.7, 0.5, 0.2};

double k(double *x, int n, double a) {
  double acc = 0.0, s = 0.0;
  for (int i = 0; i < n; i++) {
    int m = 1 + (int)(2.0 * fabs(x[i]));
    double t = x[i];
    for (int j = 0; j < m && j < 8; j++) t = tgamma(2.0 + sin(fma(x[i], 0.25, x[i])));
    acc += 0.1 * t;
  }
  for (int i = 0; i < n; i++) {
    double e = tanh(3.0 * x[i] + a);
    x[i] = 0.5 * x[i] + a;
    s += e;
  }
  return acc + s;
}

static double J(const double *x0, double a) {
  double x[N];
  memcpy(x, x0, sizeof x);
  double r = k(x, N, a);
  for (int i = 0; i < N; i++) r += W[i] * x[i];
  return r;
}

// g[0..N-1] = dJ/dx, g[N] = dJ/da, with x passed as `marker` (dup or dupnoneed);
// hv_NAME: the tangent of gradient_NAME's g along (v, va).
static double hv_[N + 1];
#define GRADIENT_AND_HV(name, marker)                                                        \
  __attribute__((noinline)) void gradient_##name(const double *x0, double a, double *g) {    \
    double x[N], dx[N];                                                                      \
    memcpy(x, x0, sizeof x);                                                                 \
    memcpy(dx, W, sizeof dx);                                                                \
    g[N] = __enzyme_autodiff((void *)k, marker, x, dx, enzyme_const, N, enzyme_out, a);     \
    for (int i = 0; i < N; i++) g[i] = dx[i];                                                \
  }                                                                                          \
  __attribute__((noinline)) static const double *hv_##name(double *x, double *v, double a,   \
                                                          double va) {                      \
    double g[N + 1];                                                                         \
    for (int i = 0; i <= N; i++) hv_[i] = 0;                                                 \
    __enzyme_fwddiff((void *)gradient_##name, enzyme_dup, x, v, a, va, enzyme_dup, g, hv_);  \
    return hv_;                                                                              \
  }
GRADIENT_AND_HV(dup, enzyme_dup)
GRADIENT_AND_HV(noneed, enzyme_dupnoneed)

typedef void (*gradient_fn)(const double *, double, double *);
static int check_hv(const char *what, gradient_fn gradient, double *x, const double *v, double a,
                    double va, const double *hv) {
  double g[N + 1], gp[N + 1], gm[N + 1], xp[N], xm[N], h = 1e-5;
  int bad = 0;
  gradient(x, a, g);
  for (int i = 0; i < N; i++)
    bad += !check_close("gradient", i, g[i], CENTRAL_DIFFERENCE(x[i], 1e-6, J(x, a)));
  bad += !check_close("gradient a", 0, g[N], CENTRAL_DIFFERENCE(a, 1e-6, J(x, a)));
  for (int i = 0; i < N; i++) xp[i] = x[i] + h * v[i], xm[i] = x[i] - h * v[i];
  gradient(xp, a + h * va, gp);
  gradient(xm, a - h * va, gm);
  for (int i = 0; i <= N; i++) bad += !check_close(what, i, hv[i], (gp[i] - gm[i]) / (2 * h));
  return bad;
}

int main(void) {
  double x[N] = {0.4, -0.3, 0.25, 0.6}, v[N] = {0.5, 0.9, -0.4, 0.3}, a = 0.2, va = -0.6;
  int bad = 0;
  bad += check_hv("Hv", gradient_dup, x, v, a, va, hv_dup(x, v, a, va));
  bad += check_hv("Hv (dupnoneed)", gradient_noneed, x, v, a, va, hv_noneed(x, v, a, va));
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
