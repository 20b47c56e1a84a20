// Single-precision libm functions (sinf, expf, ...) on float arrays; output k
// has seed k+1.  Expected values are computed in double: float tolerances.
#include <math.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);

void fmath(float *y, const float *x) {
  y[0] = sinf(x[0]);
  y[1] = cosf(x[1]);
  y[2] = tanf(x[2]);
  y[3] = expf(x[3]);
  y[4] = exp2f(x[4]);
  y[5] = logf(x[5]);
  y[6] = log10f(x[6]);
  y[7] = sqrtf(x[7]);
  y[8] = powf(x[8], x[9]);
  y[9] = tanhf(x[10]);
  y[10] = fabsf(x[11]);
  y[11] = atanf(x[12]);
  y[12] = log1pf(x[13]);
  y[13] = cbrtf(x[14]);
  y[14] = fmaxf(x[15], x[16]);
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 2e-5 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.9g, want %.9g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const float x[17] = {0.7f, -1.1f, 0.4f, 0.8f, -1.3f, 2.5f, 3.7f, 5.0f, 1.7f,
                       2.3f, 0.35f, -1.3f, 2.5f, -0.4f, 0.6f, 0.25f, -0.5f};
  float y[15], dy[15], dx[17] = {0};
  for (int k = 0; k < 15; k++) dy[k] = (float)(k + 1);
  __enzyme_autodiff((void *)fmath, y, dy, x, dx);
  double v[17];
  for (int i = 0; i < 17; i++) v[i] = x[i];
  check("sinf'", dx[0], 1 * cos(v[0]));
  check("cosf'", dx[1], 2 * -sin(v[1]));
  check("tanf'", dx[2], 3 / (cos(v[2]) * cos(v[2])));
  check("expf'", dx[3], 4 * exp(v[3]));
  check("exp2f'", dx[4], 5 * exp2(v[4]) * log(2.0));
  check("logf'", dx[5], 6 / v[5]);
  check("log10f'", dx[6], 7 / (v[6] * log(10.0)));
  check("sqrtf'", dx[7], 8 * 0.5 / sqrt(v[7]));
  check("d powf(a,b)/da", dx[8], 9 * v[9] * pow(v[8], v[9] - 1.0));
  check("d powf(a,b)/db", dx[9], 9 * pow(v[8], v[9]) * log(v[8]));
  check("tanhf'", dx[10], 10 * (1.0 - tanh(v[10]) * tanh(v[10])));
  check("fabsf'", dx[11], -11.0);
  check("atanf'", dx[12], 12 / (1.0 + v[12] * v[12]));
  check("log1pf'", dx[13], 13 / (1.0 + v[13]));
  check("cbrtf'", dx[14], 14 / (3.0 * cbrt(v[14]) * cbrt(v[14])));
  check("d fmaxf/da", dx[15], 15.0);
  check("d fmaxf/db", dx[16], 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
