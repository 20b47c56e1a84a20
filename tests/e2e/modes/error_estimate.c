// __enzyme_error_estimate(f, x, err_x, ...): f runs with an error estimate
// beside each input; each operation r = g(a, b) gets
//   err(r) = max(ulp(r), sum over active operands |dg/da * a * err(a) / r|)
// and the call returns err(f's result).  The expected errors are computed
// here by that formula, step by step, from the program's own values.
// enzymeLogError is called once per estimated operation whose value reaches
// the result (not for one computed only to be printed).  On vectors of
// doubles (clang's vector extension, as Eigen's packet math pmul/pdiv at -O0
// or -fno-inline leaves `fmul <2 x double>`) each lane gets the estimate its
// scalar operation would, and is logged once (counted at -O0, where each
// source operation is one instruction).
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>

double __enzyme_error_estimate(void *, ...);

static int logged;
void enzymeLogError(double value, double err, const char *opcode, const char *callee,
                    const char *module, const char *function, const char *block) {
  (void)value, (void)err, (void)opcode, (void)callee, (void)module, (void)function, (void)block;
  logged++;
}

static double ulp(double r) {
  uint64_t bits;
  memcpy(&bits, &r, sizeof bits);
  bits ^= 1;
  double n;
  memcpy(&n, &bits, sizeof n);
  return fabs(r - n);
}
static double mx(double a, double b) { return a > b ? a : b; }

__attribute__((noinline)) double scaled_exp(double a, double s) { return s * exp(a); }

double f(double x, double y) {
  double p = x * y;                 // op 1
  double q = p - sin(x);            // ops 2 (sin), 3
  double r = scaled_exp(q, 2.0);    // ops 4 (exp), 5 (the product)
  printf("unused: %g\n", cos(r));   // not estimated
  return r / y;                     // op 6
}

typedef double v2d __attribute__((vector_size(16)));
double lanes(double x, double y) {
  v2d a = {x, y}, b = {y, x};
  v2d m = a * a;                    // 2 lanes
  v2d q = m / b;                    // 2 lanes
  v2d n = -q;                       // 2 lanes (exact: ulp only)
  return n[0] + n[1];               // 1
}

void accumulate(const double *v, int n, double *out) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += v[i] * v[i];
  *out = s;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * fabs(want))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 0.75, y = -1.5, ex = 1e-10, ey = 3e-12;
  double p = x * y, sx = sin(x), q = p - sx, e = exp(q), r = 2.0 * e, res = r / y;
  double e_p = mx(ulp(p), fabs(y * x * ex / p) + fabs(x * y * ey / p));
  double e_s = mx(ulp(sx), fabs(cos(x) * x * ex / sx));
  double e_q = mx(ulp(q), fabs(p * e_p / q) + fabs(-sx * e_s / q));
  double e_e = mx(ulp(e), fabs(e * q * e_q / e));
  double e_r = mx(ulp(r), fabs(2.0 * e * e_e / r));
  double e_res = mx(ulp(res), fabs(r / y * e_r / res) + fabs(-r / (y * y) * y * ey / res));
  check("f", __enzyme_error_estimate((void *)f, x, ex, y, ey), e_res);
  check("operations logged", logged, 6);

  // Exact inputs: the error is the rounding of each step.
  double v[3] = {1.0 / 3, 2.5, -0.1}, ev[3] = {0, 0, 0}, out = 0, e_out = 0;
  __enzyme_error_estimate((void *)accumulate, v, ev, 3, &out, &e_out);
  double s = 0, e_sum = 0;
  for (int i = 0; i < 3; i++) {
    double m = v[i] * v[i], e_m = ulp(m), t = s + m;
    e_sum = mx(ulp(t), (i ? fabs(s * e_sum / t) : 0.0) + fabs(m * e_m / t));
    s = t;
  }
  check("accumulate", e_out, e_sum);

  double a[2] = {x, y}, b[2] = {y, x}, ea[2] = {ex, ey}, eb[2] = {ey, ex}, n[2], en[2];
  for (int k = 0; k < 2; k++) {
    double m = a[k] * a[k], q = m / b[k];
    double e_m = mx(ulp(m), 2 * fabs(a[k] * a[k] * ea[k] / m));
    double e_q = mx(ulp(q), fabs(m / b[k] * e_m / q) +
                                fabs(-m / (b[k] * b[k]) * b[k] * eb[k] / q));
    n[k] = -q;
    en[k] = mx(ulp(n[k]), e_q);
  }
  double sum = n[0] + n[1];
  double e_lanes = mx(ulp(sum), fabs(n[0] * en[0] / sum) + fabs(n[1] * en[1] / sum));
  int before = logged;
  check("lanes", __enzyme_error_estimate((void *)lanes, x, ex, y, ey), e_lanes);
#ifndef __OPTIMIZE__
  check("lane operations logged", logged - before, 7);
#endif
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
