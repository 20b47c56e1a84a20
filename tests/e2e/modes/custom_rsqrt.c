// A custom gradient for a function whose body cannot be differentiated: the
// 0x5f3759df bit-hack inverse square root.  The registered reverse returns
// the exact -x^{-3/2}/2 dret, so gradients match that formula (the body's
// own derivative would be off by up to a few percent).
//   g(x) = 3 Q_rsqrt(x) + x:       g' = -1.5 x^{-3/2} + 1
//   h(x[]) = sum_i w_i Q_rsqrt(x_i):  dh/dx_i = -w_i x_i^{-3/2} / 2
#include <math.h>
#include <stdint.h>
#include <stdio.h>

float __enzyme_autodifff(void *, ...);
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) float Q_rsqrt(float number) {
  union { float f; uint32_t i; } u = {number};
  u.i = 0x5f3759df - (u.i >> 1);
  float y = u.f;
  return y * (1.5f - 0.5f * number * y * y);
}

void rsqrt_aug(float x) { (void)x; }
float rsqrt_rev(float x, float dret) { return -0.5f * dret / (x * sqrtf(x)); }
void *__enzyme_register_gradient_rsqrt[3] = {(void *)Q_rsqrt, (void *)rsqrt_aug, (void *)rsqrt_rev};

float g(float x) { return 3.0f * Q_rsqrt(x) + x; }

double h(const float *x, const double *w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += w[i] * Q_rsqrt(x[i]);
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.9g, want %.9g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  const float xs[] = {0.25f, 1.0f, 2.0f, 7.5f, 100.0f};
  for (int i = 0; i < 5; i++) {
    double x = xs[i];
    check("Q_rsqrt(x) sqrt(x) ~ 1", i, Q_rsqrt(xs[i]) * sqrt(x), 1.0, 2e-3);
    check("g'", i, __enzyme_autodifff((void *)g, xs[i]), -1.5 * pow(x, -1.5) + 1.0, 1e-5);
  }
  float dx[5] = {0};
  double w[5] = {1.0, -2.0, 0.5, 3.0, 1.25}, dw[5] = {0};
  __enzyme_autodiff((void *)h, xs, dx, w, dw, 5);
  for (int i = 0; i < 5; i++) {
    check("dh/dx", i, dx[i], -0.5 * w[i] * pow((double)xs[i], -1.5), 1e-5);
    check("dh/dw", i, dw[i], Q_rsqrt(xs[i]), 1e-6);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
