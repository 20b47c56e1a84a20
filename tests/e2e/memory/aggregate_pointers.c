// Pointers inside structs returned by value.  x86-64 returns a 16-byte
// struct in two registers, so the helpers return first-class aggregates
// (`{ptr, i64}`, `{ptr, double}`), the callers take them apart with
// extractvalue, and at -O2 a phi chooses between two of them.  The shadow
// of such a value is the struct of its fields' shadows.
//   sumsq_tail(x, n) = sum_{i=1}^{n-1} x_i^2            d/dx_i = 2 x_i (i >= 1)
//   chosen(x, n, c)  = sum_{i<n-1} (i+1) s_i^2, s = x+1 if c else x
//   weighted(x, w)   = w x0 x1 x2 (w x0 comes back beside the pointer x+1)
#include <math.h>
#include <stdio.h>

typedef struct { double *p; long n; } Span;
typedef struct { double *p; double w; } Weighted;
extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) Span tail(double *x, long n) { Span s = {x + 1, n - 1}; return s; }
__attribute__((noinline)) Span head(double *x, long n) { Span s = {x, n - 1}; return s; }
__attribute__((noinline)) Weighted weigh(double *x, double w) {
  Weighted r = {x + 1, w * x[0]};
  return r;
}

double sumsq_tail(double *x, long n) {
  Span s = tail(x, n);
  double t = 0;
  for (long i = 0; i < s.n; i++) t += s.p[i] * s.p[i];
  return t;
}

double chosen(double *x, long n, int c) {
  Span s = c ? tail(x, n) : head(x, n);
  double t = 0;
  for (long i = 0; i < s.n; i++) t += (i + 1) * s.p[i] * s.p[i];
  return t;
}

double weighted(double *x, double w) {
  Weighted r = weigh(x, w);
  return r.w * r.p[0] * r.p[1];
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  double x[N] = {0.5, -1.25, 2.0, 0.75, -3.0}, v[N] = {0.3, -0.2, 1.0, 0.5, 0.25};
  double dx[N] = {0}, fwd = 0;
  __enzyme_autodiff((void *)sumsq_tail, x, dx, enzyme_const, (long)N);
  for (int i = 1; i < N; i++) fwd += 2 * x[i] * v[i];
  for (int i = 0; i < N; i++) check("sumsq_tail dx", i, dx[i], i ? 2 * x[i] : 0);
  check("sumsq_tail tangent", 0, __enzyme_fwddiff((void *)sumsq_tail, x, v, (long)N), fwd);
  for (int c = 0; c < 2; c++) {
    double d[N] = {0}, want, t = 0;
    __enzyme_autodiff((void *)chosen, x, d, enzyme_const, (long)N, enzyme_const, c);
    for (int j = 0; j < N; j++) {
      want = c ? 2.0 * j * x[j] : (j < N - 1 ? 2.0 * (j + 1) * x[j] : 0.0);
      check(c ? "chosen tail dx" : "chosen head dx", j, d[j], want);
      t += want * v[j];
    }
    check("chosen tangent", c, __enzyme_fwddiff((void *)chosen, x, v, (long)N, c), t);
  }
  double w = 1.5, dxw[N] = {0};
  double dw = __enzyme_autodiff((void *)weighted, x, dxw, w);
  check("weighted dw", 0, dw, x[0] * x[1] * x[2]);
  check("weighted dx", 0, dxw[0], w * x[1] * x[2]);
  check("weighted dx", 1, dxw[1], w * x[0] * x[2]);
  check("weighted dx", 2, dxw[2], w * x[0] * x[1]);
  check("weighted dx", 3, dxw[3], 0);
  double tw = __enzyme_fwddiff((void *)weighted, x, v, w, 2.0);
  check("weighted tangent", 0, tw, 2.0 * x[0] * x[1] * x[2] + w * (v[0] * x[1] * x[2] +
                                   x[0] * v[1] * x[2] + x[0] * x[1] * v[2]));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
