// CFLAGS: -fno-math-errno
// Where the forward pass needs cos(x) (sin(x)) for itself (stored, carried
// to the next iteration, compared), the reverse's partner sin(x) (cos(x))
// is computed beside it in the forward pass and kept (cache_policy
// `partner_in_forward`): LLVM joins the two into one sincos.  The kept
// value must be the one of the execution being reversed: in a loop (taped
// per iteration), in a branch taken in some iterations only (the tape's
// arms padded), with its argument overwritten in place afterwards, in a
// recurrence, vectorized (-fno-math-errno: llvm.sin.v2f64 at -O2), in
// float, and in split mode, the primal run on other data between the two
// halves.
#include <math.h>
#include <stdio.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
float __enzyme_autodifff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

#define N 37
double stored(double *x) {            // cos kept for the store, sin beside it
  double out[N], s = 0;
  for (int i = 0; i < N; i++) {
    double c = cos(x[i] * x[0]);
    out[i] = c;
    s += c * x[i];
  }
  return s + out[3] * out[5];
}

int steps = 5;                        // from memory: the loop stays a loop
double recurrence(double *x) {        // s = sin(s * x) carried round the loop
  double s = x[0];
  for (int i = 0; i < steps; i++) s = sin(s * x[1]) + 0.1 * x[2];
  return s;
}

double branchy(double *x) {           // the sin in some iterations only
  double out[N], a = 0.7;
  for (int i = 0; i < N; i++) {
    double t;
    if (x[i] > 0) {
      t = sin(x[i] * a);
    } else {
      t = x[i] * x[i];
    }
    out[i] = t;
    a = 0.5 * a + 0.3 * t;
  }
  return a + 0.01 * out[N - 1];
}

double in_place(double *x) {          // the argument overwritten after the call
  for (int r = 0; r < 3; r++)
    for (int i = 0; i < N; i++) x[i] = 0.6 * cos(x[i]) + 0.3 * x[i];
  double s = 0;
  for (int i = 0; i < N; i++) s += x[i] * x[i];
  return s;
}

double vectorized(double *x) {        // llvm.sin.v2f64 stored at -O2
  double out[N], s = 0;
  for (int i = 0; i < N - 1; i++) out[i] = sin(1.3 * x[i]) * x[i + 1];
  for (int i = 0; i < N - 1; i++) s += out[i] * out[i];
  return s;
}

float in_float(float *x) {
  float s = 0;
  for (int i = 0; i < 8; i++) {
    float c = sinf(x[i] * 1.7f);
    s = s * c + x[i];
  }
  return s;
}

static double copy[N];
#define FRESH(f) static double f##_fresh(double *v) { for (int i = 0; i < N; i++) copy[i] = v[i]; return f(copy); }
FRESH(in_place)

int main(void) {
  int bad = 0;
  double x[N], dx[N];
  for (int i = 0; i < N; i++) x[i] = 0.9 * sin(1.7 * i + 0.3) + 0.05 * i;
  bad += CHECK_REVERSE(stored, x, N);
  bad += CHECK_REVERSE(recurrence, x, N);
  bad += CHECK_REVERSE(branchy, x, N);
  bad += CHECK_REVERSE(vectorized, x, N);
  double w[N];
  for (int i = 0; i < N; i++) w[i] = x[i], dx[i] = 0;
  __enzyme_autodiff((void *)in_place, enzyme_dup, w, dx);
  bad += check_gradient("in_place", x, dx, N, in_place_fresh);

  // split: the primal runs on other data between the two halves
  for (int i = 0; i < N; i++) dx[i] = 0;
  void *tape = __enzyme_augmentfwd((void *)branchy, enzyme_dup, x, dx);
  double other[N];
  for (int i = 0; i < N; i++) other[i] = -x[i];
  (void)branchy(other);
  (void)stored(other);
  __enzyme_reverse((void *)branchy, enzyme_dup, x, dx, 1.0, tape);
  bad += check_gradient("split_branchy", x, dx, N, branchy);

  float xf[8], dxf[8] = {0};
  for (int i = 0; i < 8; i++) xf[i] = (float)(0.4 * i - 1.1);
  __enzyme_autodifff((void *)in_float, enzyme_dup, xf, dxf);
  for (int i = 0; i < 8; i++) {
    float h = 1e-2f, keep = xf[i];
    xf[i] = keep + h; double up = in_float(xf);
    xf[i] = keep - h; double down = in_float(xf);
    xf[i] = keep;
    double want = (up - down) / (2 * h);
    if (fabs(dxf[i] - want) > 2e-2 * (1 + fabs(want))) {
      printf("MISMATCH in_float[%d]: got %g, want %g\n", i, dxf[i], want);
      bad++;
    }
  }
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
