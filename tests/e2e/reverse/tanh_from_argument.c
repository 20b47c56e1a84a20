// tanh's derivative in the reverse pass: where the pass would call tanh
// again for 1 - tanh^2 (cache_policy `_called_again`: its value feeds only
// the sum), it takes 1 / cosh^2 from the argument instead, and no tanh is
// called at all; expm1's likewise exp(x) for expm1(x) + 1.  With the
// shapes that keep tanh's value: stored, squared
// (a product whose rule reads it), outside a loop, and in a split
// derivative.  Arguments up to 800, where cosh overflows (the derivative
// is 0) and 1 - tanh^2 has long cancelled; in float too.  Closed forms.
#include "../check.h"

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
float __enzyme_autodifff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

enum { N = 7 };
static const double XS[N] = {-800.0, -1.3, 0.0, 0.4, 2.0, 30.0, 800.0};
static double kept[N];

__attribute__((noinline)) double summed(const double *x, double a) {
  double s = 0;
  for (int i = 0; i < N; i++) s += (1.0 + 0.1 * i) * tanh(a * x[i]) + expm1(0.01 * a * x[i]);
  return s;
}
__attribute__((noinline)) float summedf(const float *x, float a) {
  float s = 0;
  for (int i = 0; i < N; i++) s += tanhf(a * x[i]);
  return s;
}
__attribute__((noinline)) double stored(const double *x, double a) {
  double s = 0;
  for (int i = 0; i < N; i++) { double t = tanh(a * x[i]); kept[i] = t; s += t; }
  return s;
}
__attribute__((noinline)) double squared(const double *x, double a) {
  double s = 0;
  for (int i = 0; i < N; i++) { double t = tanh(a * x[i]); s += t * t; }
  return s;
}
__attribute__((noinline)) double single(double a) { return tanh(a) * 2.0; }

static double sech2(double x) { double c = cosh(x); return 1.0 / (c * c); }

int main(void) {
  int ok = 1;
  double x[N], dx[N];
  float xf[N], dxf[N];
  const double a = 0.9;
  for (int i = 0; i < N; i++) x[i] = XS[i], xf[i] = (float)(XS[i] / 40.0);
  double want[4] = {0}, wantx[3][N];
  for (int i = 0; i < N; i++) {
    double s2 = sech2(a * x[i]), t = tanh(a * x[i]);
    double e = exp(0.01 * a * x[i]);
    want[0] += (1.0 + 0.1 * i) * x[i] * s2 + 0.01 * x[i] * e;
    wantx[0][i] = (1.0 + 0.1 * i) * a * s2 + 0.01 * a * e;
    want[1] += x[i] * s2, wantx[1][i] = a * s2;
    want[2] += 2 * t * x[i] * s2, wantx[2][i] = 2 * t * a * s2;
  }
  for (int i = 0; i < N; i++) dx[i] = 0;
  ok &= check_close("summed da", 0, __enzyme_autodiff((void *)summed, enzyme_dup, x, dx, a), want[0]);
  for (int i = 0; i < N; i++) ok &= check_close("summed dx", i, dx[i], wantx[0][i]);
  for (int i = 0; i < N; i++) dx[i] = 0;
  ok &= check_close("stored da", 0, __enzyme_autodiff((void *)stored, enzyme_dup, x, dx, a), want[1]);
  for (int i = 0; i < N; i++) ok &= check_close("stored dx", i, dx[i], wantx[1][i]);
  for (int i = 0; i < N; i++) ok &= check_close("stored value", i, kept[i], tanh(a * x[i]));
  for (int i = 0; i < N; i++) dx[i] = 0;
  ok &= check_close("squared da", 0, __enzyme_autodiff((void *)squared, enzyme_dup, x, dx, a), want[2]);
  for (int i = 0; i < N; i++) ok &= check_close("squared dx", i, dx[i], wantx[2][i]);
  for (int i = 0; i < N; i++) dxf[i] = 0;
  float daf = __enzyme_autodifff((void *)summedf, enzyme_dup, xf, dxf, 0.9f);
  double wantf = 0;
  for (int i = 0; i < N; i++) {
    wantf += xf[i] * sech2(0.9f * xf[i]);
    if (fabs(dxf[i] - 0.9 * sech2(0.9f * xf[i])) > 1e-5) ok = 0, printf("MISMATCH summedf dx[%d]\n", i);
  }
  if (fabs(daf - wantf) > 1e-5 * (1 + fabs(wantf))) ok = 0, printf("MISMATCH summedf da: %g %g\n", daf, wantf);
  for (int k = 0; k < N; k++)
    ok &= check_close("single", k, __enzyme_autodiff((void *)single, XS[k]), 2.0 * sech2(XS[k]));
  for (int i = 0; i < N; i++) dx[i] = 0;
  void *tape = __enzyme_augmentfwd((void *)summed, enzyme_dup, x, dx, a);
  ok &= check_close("split da", 0, __enzyme_reverse((void *)summed, enzyme_dup, x, dx, a, 1.0, tape),
                    want[0]);
  for (int i = 0; i < N; i++) ok &= check_close("split dx", i, dx[i], wantx[0][i]);
  return ok ? 0 : 1;
}
