// Forward mode with outputs written through enzyme_dup pointers and a void
// return; one input constant, one duplicated, one active scalar with tangent:
//   polar(out, in, r): out[0] = r cos(in[0]) * k, out[1] = r sin(in[0]) * k, out[2] = in[1]*out[0]
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
void __enzyme_fwddiff(void *, ...);
double __enzyme_fwddiff_d(void *, ...);

void polar(double *out, const double *in, double r, double k) {
  out[0] = r * cos(in[0]) * k;
  out[1] = r * sin(in[0]) * k;
  out[2] = in[1] * out[0];
}

double norm2(double *out, const double *in, double r) {
  polar(out, in, r, 1.0);
  return out[0] * out[0] + out[1] * out[1] + out[2];
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double in[2] = {0.6, 1.7}, din[2] = {0.3, -0.4};
  double out[3], dout[3] = {9, 9, 9}, r = 1.3, dr = 0.5, k = 2.0;
  __enzyme_fwddiff((void *)polar, enzyme_dup, out, dout, enzyme_dup, in, din, r, dr, enzyme_const, k);
  double c = cos(in[0]), s = sin(in[0]);
  double d0 = k * (dr * c - r * s * din[0]), d1 = k * (dr * s + r * c * din[0]);
  check("dout", 0, dout[0], d0);
  check("dout", 1, dout[1], d1);
  check("dout", 2, dout[2], din[1] * r * c * k + in[1] * d0);
  check("out", 2, out[2], in[1] * r * c * k);
  double o2[3], do2[3] = {0};
  double dn = __enzyme_fwddiff_d((void *)norm2, enzyme_dupnoneed, o2, do2, enzyme_dup, in, din, r, dr);
  double e0 = dr * c - r * s * din[0];
  check("dnorm2", 0, dn, 2 * r * dr + din[1] * r * c + in[1] * e0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
