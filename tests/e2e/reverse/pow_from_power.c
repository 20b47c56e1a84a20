// pow(a, c) * s: the adjoint of s reads the power p back, so the partial
// c * a^(c-1) is taken as c * (p / a) -- where p is a normal number; at
// a = 0 (0, c, inf or -inf by c), where p overflowed, underflowed or is
// subnormal while a^(c-1) is not, and at |a| = 1 with c infinite, the pow
// call must give it.  Exponents constant and runtime, active and not;
// double, float, powi, and a loop.  Closed forms: c * a^(c-1) * s, a^(c-1)
// with c - 1 exact in long double (pow(a, c - 1) in double is off by
// |ln a| ulps at a = 1e-200: c - 1 = -0.7 rounds).
#include <math.h>
#include <stdio.h>

typedef struct { double da, ds; } D2;
typedef struct { double da, ds, dc; } D3;
typedef struct { float da, ds; } F2;
D2 __enzyme_autodiff(void *, ...);
D3 __enzyme_autodiff3(void *, ...);
F2 __enzyme_autodifff(void *, ...);
void __enzyme_autodiff_ptr(void *, ...);
extern int enzyme_const, enzyme_dup;

double h(double a, double s, double c) { return pow(a, c) * s; }
double h03(double a, double s) { return pow(a, 0.3) * s; }
double h17(double a, double s) { return pow(a, 1.7) * s; }
double hm07(double a, double s) { return pow(a, -0.7) * s; }
double hi(double a, double s, int n) { return __builtin_powi(a, n) * s; }
float hf(float a, float s, float c) { return powf(a, c) * s; }
double loop(const double *x, int n) {
  double t = 0;
  for (int i = 0; i < n; i++) t += pow(x[i], 0.3) * (x[i] + 2.0) + pow(x[i], 1.5) * x[i];
  return t;
}

static double d_pow(double a, double c) {   // c * a^(c-1)
  return c == 0 ? 0 : c * (double)powl(a, (long double)c - 1);
}

static int failures;
static void check(const char *what, double a, double c, double got, double want, double tol) {
  if (got == want || (isfinite(want) && fabs(got - want) <= tol * fabs(want)) ||
      (isnan(got) && isnan(want)))
    return;
  printf("MISMATCH %s at a=%g c=%g: got %.17g, want %.17g\n", what, a, c, got, want);
  failures++;
}

int main(void) {
  volatile double z = 0.0;       // keeps clang from folding pow(0, c)
  const double as[] = {0.0, -0.0, 2.5, -2.0, 1e300, 1e-200, 1e-160, -1.0, 1.0, 1e-310};
  const float afs[] = {0.0f, -0.0f, 2.5f, -2.0f, 1e30f, 1e-30f, 1e-20f, -1.0f, 1.0f, 1e-40f};
  const double cs[] = {0.0, 1.0, 2.0, 3.0, 0.3, 0.5, -1.0, 1.5, INFINITY, -INFINITY};
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++) {
      double a = as[i] + z, c = cs[j], s = fabs(a) > 1 ? 1e-200 : fabs(a) < 1e-100 ? 1e100 : 3.0;
      double want = d_pow(a, c) * s;
      D2 g = __enzyme_autodiff((void *)h, a, s, enzyme_const, c);
      check("d pow(a,c)*s/da", a, c, g.da, want, 1e-14);
      check("d pow(a,c)*s/ds", a, c, g.ds, pow(a, c), 0);
      D3 g3 = __enzyme_autodiff3((void *)h, a, s, c);
      check("d pow(a,c)*s/da (c active)", a, c, g3.da, want, 1e-14);
      if (a > 0 && isfinite(c))
        check("d pow(a,c)*s/dc", a, c, g3.dc, pow(a, c) * log(a) * s, 1e-14);
      if (isfinite(c) && c == (int)c) {
        D2 gi = __enzyme_autodiff((void *)hi, a, s, enzyme_const, (int)c);
        check("d powi(a,n)*s/da", a, c, gi.da, want, 1e-14);
      }
      float af = afs[i] + (float)z, cf = (float)c;
      float sf = fabsf(af) > 1 ? 1e-20f : fabsf(af) < 1e-10f ? 1e20f : 3.0f;
      F2 gf = __enzyme_autodifff((void *)hf, af, sf, enzyme_const, cf);
      float wantf = cf == 0 ? 0 : cf * (float)powl(af, (long double)cf - 1) * sf;
      check("d powf(a,c)*s/da", af, cf, gf.da, wantf, 1e-6);
    }
  for (int i = 0; i < 10; i++) {
    double a = as[i] + z, s = 3.0;
    if (a < 0) continue;
    check("d pow(a,0.3)*s/da", a, 0.3, __enzyme_autodiff((void *)h03, a, s).da,
          d_pow(a, 0.3) * s, 1e-14);
    check("d pow(a,1.7)*s/da", a, 1.7, __enzyme_autodiff((void *)h17, a, s).da,
          d_pow(a, 1.7) * s, 1e-14);
    check("d pow(a,-0.7)*s/da", a, -0.7, __enzyme_autodiff((void *)hm07, a, s).da,
          d_pow(a, -0.7) * s, 1e-14);
  }
  double x[6] = {0.0, 1e-200, 0.5, 2.0, 7.25, 1e-310}, dx[6] = {0};
  __enzyme_autodiff_ptr((void *)loop, enzyme_dup, x, dx, enzyme_const, 6);
  for (int i = 0; i < 6; i++)
    check("d loop/dx", x[i], 0.3, dx[i],
          d_pow(x[i], 0.3) * (x[i] + 2.0) + pow(x[i], 0.3) + d_pow(x[i], 2.5), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
