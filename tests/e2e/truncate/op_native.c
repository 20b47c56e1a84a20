// Operation mode without a runtime: a function truncated from double to
// float (64to32) computes each operation natively in float.  Checked
// against the same code written in float.
// CFLAGS: -ffp-contract=off
#include <math.h>
#include <stdio.h>

typedef double (*fn2)(double, double);
typedef void (*fn_arr)(const double *, double *, int);
fn2 __enzyme_truncate_op_func(void *, ...);
fn_arr __enzyme_truncate_op_func_arr(void *, ...);

static double helper(double a, double b) { return a / b - b; } // truncated too
double mix(double a, double b) {
  double s = sqrt(a) * b + helper(a, b);
  if (s > a) s = s - a / 3.0;
  return s;
}
float mix_f(float a, float b) {
  float s = sqrtf(a) * b + (a / b - b);
  if (s > a) s = s - a / 3.0f;
  return s;
}
void update(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++) y[i] = 0.1 * x[i] + y[i] * y[i];
}
static int check(const char *what, double got, double want) {
  if (got == want) return 0;
  printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
  return 1;
}

int main(void) {
  int bad = 0;
  double a = 2.0 / 3.0, b = 1.0 / 7.0;
  double got = __enzyme_truncate_op_func((void *)mix, 64, 32)(a, b);
  bad += check("mix 64to32", got, (double)mix_f((float)a, (float)b));
  if (got == mix(a, b)) bad += check("mix differs from double", got, got + 1);

  double x[5], y[5], want[5];
  for (int i = 0; i < 5; i++) {
    x[i] = 1.0 / (i + 3);
    y[i] = want[i] = 0.3 + i / 9.0;
    want[i] = (double)(0.1f * (float)x[i] + (float)want[i] * (float)want[i]);
  }
  __enzyme_truncate_op_func_arr((void *)update, 64, 32)(x, y, 5);
  for (int i = 0; i < 5; i++) bad += check("update 64to32", y[i], want[i]);

  return bad != 0;
}
