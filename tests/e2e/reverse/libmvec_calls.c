// CFLAGS: -ffast-math -fveclib=libmvec -mavx2
// With -fveclib=libmvec the vectorizer calls glibc's vector math functions
// (_ZGVdN4v_exp, _ZGVdN4v_sin, _ZGVdN4vv_pow, ...).  Their derivatives are
// those of the scalar functions, lane by lane.  The derivative functions are
// compiled for AVX2 like the function they derive from, so that they call
// the AVX2 variants the AVX2 way.  Closed forms, reverse and forward mode.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const, enzyme_dup;

#define N 37

double series(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(x[i]) * sin(x[i]) + log(x[i] + 2.0) + pow(x[i] + 2.0, 1.5);
  return s;
}

static double dseries(double x) {
  return exp(x) * (sin(x) + cos(x)) + 1.0 / (x + 2.0) + 1.5 * sqrt(x + 2.0);
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (fabs(got - want) > 1e-9 * (1.0 + fabs(want))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], dx[N], v[N], tangent = 0;
  for (int i = 0; i < N; i++) x[i] = 0.05 * i - 0.4, dx[i] = 0, v[i] = cos(i);
  __enzyme_autodiff((void *)series, x, dx, N);
  for (int i = 0; i < N; i++) {
    check("series", i, dx[i], dseries(x[i]));
    tangent += dseries(x[i]) * v[i];
  }
  check("fwd series", 0, __enzyme_fwddiff((void *)series, enzyme_dup, x, v, enzyme_const, N),
        tangent);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
