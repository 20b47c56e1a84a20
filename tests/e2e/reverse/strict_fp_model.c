// CFLAGS: -ffp-model=strict
// Under -ffp-model=strict clang writes every floating-point operation as a
// constrained intrinsic (llvm.experimental.constrained.fadd, .fcmp, .fma,
// .sitofp, .fptrunc, ...) and keeps math calls as libm calls.  Each shape
// must differentiate in both modes like its plain form: arithmetic in a
// loop, comparisons choosing branches, fma, fmax/fmin, integer conversions,
// libm calls; against central differences, and a round trip through float
// against its closed form.  (lit constrained-fp-refused.ll: what is refused.)
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;
#define N 4

double arithmetic(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) s += x[i] * x[i] / (1.0 + i) - x[i] * 0.5;
  return s * x[0];
}

double branches(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    if (x[i] > 0.5) s += x[i] * x[i];
    else if (x[i] < -1.0) s -= 2.0 * x[i];
    else s += x[i] * x[0];
  }
  return s;
}

double fused_and_extrema(double *x) {
  double m = fmax(x[0], x[1]) * fmin(x[2], x[3]);
  return fma(x[0], x[1], x[2]) + m + (double)(int)(x[3] * 3.0) * x[3];
}

double libm_calls(double *x) {
  return sqrt(x[0] * x[0] + 1.0) + exp(x[1] / 2) + log(x[2] + 2.0) + pow(x[3], 3.0) +
         sin(x[0]) * cos(x[1]);
}

double through_float(double x) {
  float f = (float)(x * x);
  return 3.0 * f;
}

static double X[N] = {0.7, -1.3, 0.4, 2.1};
#define CHECK_BOTH(f) CHECK_BOTH_MODES(f, X, N)

int main(void) {
  int bad = CHECK_BOTH(arithmetic) + CHECK_BOTH(branches) + CHECK_BOTH(fused_and_extrema) +
            CHECK_BOTH(libm_calls);
  double x = 1.7;
  bad += !check_close("through_float reverse", 0,
                      __enzyme_autodiff((void *)through_float, x), 6 * x);
  bad += !check_close("through_float forward", 0,
                      __enzyme_fwddiff((void *)through_float, x, 1.0), 6 * x);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
