// Batched forward mode, width 2: `enzyme_width, 2` comes first, every
// non-const float or pointer argument is followed by 2 tangents / shadows, and
// a double result comes back as a struct of 2 doubles.
//   f(x, y) = x^2 y + exp(x - y):  both partials in one call
//   norm(v) = |v|:  two directional derivatives  u.v/|v|
//   polar(out, in): out = (r cos t, r sin t), 2 Jacobian columns in one call
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_const, enzyme_dup;
typedef struct { double d[2]; } T2;
T2 __enzyme_fwddiff2(void *, ...);
void __enzyme_fwddiff_v(void *, ...);

double f(double x, double y) { return x * x * y + exp(x - y); }

double norm(const double *v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += v[i] * v[i];
  return sqrt(s);
}

void polar(double *out, const double *in) {
  out[0] = in[0] * cos(in[1]);
  out[1] = in[0] * sin(in[1]);
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const double x = 0.8, y = -1.1, e = exp(x - y);
  T2 g = __enzyme_fwddiff2((void *)f, enzyme_width, 2, x, 1.0, 0.0, y, 0.0, 1.0);
  check("f_x", 0, g.d[0], 2 * x * y + e, 1e-14);
  check("f_y", 1, g.d[1], x * x - e, 1e-14);
  g = __enzyme_fwddiff2((void *)f, enzyme_width, 2, x, 2.0, -1.0, enzyme_const, y);
  check("f, y const", 0, g.d[0], 2.0 * (2 * x * y + e), 1e-14);
  check("f, y const", 1, g.d[1], -(2 * x * y + e), 1e-14);

  enum { N = 5 };
  double v[N], u1[N], u2[N], r = 0.0, p1 = 0.0, p2 = 0.0;
  for (int i = 0; i < N; i++) {
    v[i] = 0.7 * i - 1.2;
    u1[i] = i == 2 ? 1.0 : 0.0;
    u2[i] = 0.5 - 0.1 * i;
    r += v[i] * v[i];
  }
  r = sqrt(r);
  for (int i = 0; i < N; i++) p1 += u1[i] * v[i] / r, p2 += u2[i] * v[i] / r;
  g = __enzyme_fwddiff2((void *)norm, enzyme_width, 2, v, u1, u2, N);
  check("d norm . u1", 0, g.d[0], p1, 1e-14);
  check("d norm . u2", 1, g.d[1], p2, 1e-14);

  double in[2] = {1.5, 0.6}, din1[2] = {1.0, 0.0}, din2[2] = {0.0, 1.0};
  double out[2], dout1[2] = {-9.0, -9.0}, dout2[2] = {-9.0, -9.0};
  __enzyme_fwddiff_v((void *)polar, enzyme_width, 2, enzyme_dup, out, dout1, dout2,
                     enzyme_dup, in, din1, din2);
  const double c = cos(in[1]), s = sin(in[1]);
  check("out", 0, out[0], in[0] * c, 1e-15);
  check("out", 1, out[1], in[0] * s, 1e-15);
  check("d out/dr", 0, dout1[0], c, 1e-15);
  check("d out/dr", 1, dout1[1], s, 1e-15);
  check("d out/dt", 0, dout2[0], -in[0] * s, 1e-15);
  check("d out/dt", 1, dout2[1], in[0] * c, 1e-15);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
