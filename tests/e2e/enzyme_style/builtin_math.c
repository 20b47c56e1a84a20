// __builtin_ math functions and a few less common libm calls, each
// checked against central differences (double) or closed forms.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, double);

double f1(double x) { return __builtin_sin(x) * __builtin_exp(0.5 * x); }
double f2(double x) { return __builtin_sqrt(1.0 + x * x) + __builtin_fabs(x - 0.1); }
double f3(double x) { return __builtin_pow(x, 3.5) + __builtin_log(x); }
double f4(double x) { return __builtin_fmax(x, 0.3) * __builtin_fmin(x * x, 2.0); }
double f5(double x) { return hypot(x, 2.0) + atan2(x, 1.5) + cbrt(x + 3.0); }
double f6(double x) { return log1p(x * x) + expm1(-x) + tanh(x) * asinh(x); }
double f7(double x) { return __builtin_copysign(x * x, -1.0) + __builtin_fma(x, x, x); }
double f8(double x) { return exp2(x) + log2(x + 2.0) + log10(x + 2.0) + atan(x); }
double f9(double x) { return __builtin_powi(x, 5) + acos(x / 4.0) + asin(x / 4.0); }

static int failures;
static void cmp(const char *name, double (*f)(double), double x, double got) {
  double h = 1e-6, want = (f(x + h) - f(x - h)) / (2 * h);
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s'(%g): got %.17g, want %.17g\n", name, x, got, want);
    failures++;
  }
}
// The function given to __enzyme_autodiff must be known at compile time.
#define CHECK(f)                                                    \
  for (int j = 0; j < 3; j++) cmp(#f, f, xs[j], __enzyme_autodiff((void *)f, xs[j]))

int main(void) {
  const double xs[] = {0.4, 0.9, 1.7};
  CHECK(f1); CHECK(f2); CHECK(f3); CHECK(f4); CHECK(f5);
  CHECK(f6); CHECK(f7); CHECK(f8); CHECK(f9);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
