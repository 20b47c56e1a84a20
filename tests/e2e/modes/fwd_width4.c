// Batched forward mode, width 4.  A struct of 4 doubles is returned through
// a hidden sret pointer, which the tool has to fill.
//   f(p, s) = s (p0^2 + p1 p2) + sin(p0 s):  its full gradient in one call
//   (directions e0, e1, e2 on p, and 1 on s)
//   cross(c, a, b) = a x b with 4 tangent pairs at once: dc = da x b + a x db
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_dup, enzyme_const;
typedef struct { double d[4]; } T4;
T4 __enzyme_fwddiff4(void *, ...);
void __enzyme_fwddiff_v(void *, ...);

double f(const double *p, double s) { return s * (p[0] * p[0] + p[1] * p[2]) + sin(p[0] * s); }

void cross(double *c, const double *a, const double *b) {
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const double p[3] = {0.6, -1.4, 2.2}, s = 1.3;
  double e0[3] = {1, 0, 0}, e1[3] = {0, 1, 0}, e2[3] = {0, 0, 1}, z[3] = {0, 0, 0};
  T4 g = __enzyme_fwddiff4((void *)f, enzyme_width, 4, p, e0, e1, e2, z, s, 0.0, 0.0, 0.0, 1.0);
  const double c = cos(p[0] * s);
  const double want[4] = {2 * s * p[0] + s * c, s * p[2], s * p[1],
                          p[0] * p[0] + p[1] * p[2] + p[0] * c};
  for (int i = 0; i < 4; i++) check("grad f", i, g.d[i], want[i], 1e-14);
  T4 h = __enzyme_fwddiff4((void *)f, enzyme_width, 4, enzyme_dup, p, e0, e0, z, z, enzyme_const, s);
  for (int i = 0; i < 4; i++) check("f, s const", i, h.d[i], i < 2 ? s * (2 * p[0] + c) : 0.0, 1e-14);

  double a[3] = {1.0, 2.0, -0.5}, b[3] = {0.3, -1.0, 4.0}, out[3];
  double da[4][3], db[4][3], dc[4][3];
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < 3; i++) {
      da[k][i] = 0.1 * (k + 1) * (i - 1);
      db[k][i] = cos(k + 2.0 * i);
      dc[k][i] = -99.0;
    }
  __enzyme_fwddiff_v((void *)cross, enzyme_width, 4, out, dc[0], dc[1], dc[2], dc[3], a, da[0],
                     da[1], da[2], da[3], b, db[0], db[1], db[2], db[3]);
  double t1[3], t2[3], ref[3];
  cross(ref, a, b);
  for (int i = 0; i < 3; i++) check("primal cross", i, out[i], ref[i], 1e-15);
  for (int k = 0; k < 4; k++) {
    cross(t1, da[k], b);
    cross(t2, a, db[k]);
    for (int i = 0; i < 3; i++) check("d cross", 3 * k + i, dc[k][i], t1[i] + t2[i], 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
