// Structs holding pointers returned by value (`{ptr, i64}`, `{ptr, double}`
// in registers), differentiated in batched reverse mode (two shadows per
// pointer, so two shadow structs), batched forward mode, and split mode
// (the augmented forward pass of the caller returns the shadow struct too).
//   span_energy(x, n) = sum_{i=1}^{n-1} x_i^3 through tail(x, n) = {x+1, n-1}
//   weighted(x, w)    = w x0 x1 x2, with weigh(x, w) = {x+1, w x0}
#include <math.h>
#include <stdio.h>

typedef struct { double *p; long n; } Span;
typedef struct { double *p; double w; } Weighted;
typedef struct { double d[2]; } T2;
typedef struct { void *tape; double primal; } TapeAndDouble;
extern int enzyme_const, enzyme_dup, enzyme_width;
void __enzyme_autodiff(void *, ...);
T2 __enzyme_autodiff2(void *, ...);
T2 __enzyme_fwddiff2(void *, ...);
TapeAndDouble __enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

__attribute__((noinline)) Span tail(double *x, long n) { Span s = {x + 1, n - 1}; return s; }
__attribute__((noinline)) Weighted weigh(double *x, double w) {
  Weighted r = {x + 1, w * x[0]};
  return r;
}

double span_energy(double *x, long n) {
  Span s = tail(x, n);
  double t = 0;
  for (long i = 0; i < s.n; i++) t += s.p[i] * s.p[i] * s.p[i];
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
  enum { N = 4 };
  double x[N] = {0.5, -1.25, 2.0, 0.75}, u[N] = {1, 0, 0.5, -1}, v[N] = {0, 1, 0, 2};
  double dx1[N] = {0}, dx2[N] = {0};
  __enzyme_autodiff((void *)span_energy, enzyme_width, 2, x, dx1, dx2, enzyme_const, (long)N);
  T2 t = __enzyme_fwddiff2((void *)span_energy, enzyme_width, 2, x, u, v, enzyme_const, (long)N);
  double tu = 0, tv = 0;
  for (int i = 0; i < N; i++) {
    double g = i ? 3 * x[i] * x[i] : 0;
    check("batched lane 0", i, dx1[i], g);
    check("batched lane 1", i, dx2[i], g);
    tu += g * u[i], tv += g * v[i];
  }
  check("batched tangents", 0, t.d[0], tu);
  check("batched tangents", 1, t.d[1], tv);

  const double w = -0.8, gw[3] = {w * x[1] * x[2], w * x[0] * x[2], w * x[0] * x[1]};
  double ex1[N] = {0}, ex2[N] = {0};
  T2 dw = __enzyme_autodiff2((void *)weighted, enzyme_width, 2, x, ex1, ex2, w);
  check("batched dw", 0, dw.d[0], x[0] * x[1] * x[2]);
  check("batched dw", 1, dw.d[1], x[0] * x[1] * x[2]);
  for (int i = 0; i < 3; i++) check("batched weighted dx", i, ex1[i] + ex2[i], 2 * gw[i]);
  t = __enzyme_fwddiff2((void *)weighted, enzyme_width, 2, x, u, v, w, 1.0, 0.0);
  check("batched weighted tangent", 0, t.d[0],
        x[0] * x[1] * x[2] + gw[0] * u[0] + gw[1] * u[1] + gw[2] * u[2]);
  check("batched weighted tangent", 1, t.d[1], gw[0] * v[0] + gw[1] * v[1] + gw[2] * v[2]);

  double sx[N] = {0};
  TapeAndDouble r = __enzyme_augmentfwd((void *)weighted, x, sx, w);
  check("split primal", 0, r.primal, w * x[0] * x[1] * x[2]);
  double sw = __enzyme_reverse((void *)weighted, x, sx, w, 2.0, r.tape);
  check("split dw", 0, sw, 2 * x[0] * x[1] * x[2]);
  for (int i = 0; i < 3; i++) check("split dx", i, sx[i], 2 * gw[i]);
  double sy[N] = {0};
  void *tape = __enzyme_augmentfwd((void *)span_energy, x, sy, enzyme_const, (long)N).tape;
  __enzyme_reverse((void *)span_energy, x, sy, enzyme_const, (long)N, 1.0, tape);
  for (int i = 0; i < N; i++) check("split span dx", i, sy[i], i ? 3 * x[i] * x[i] : 0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
