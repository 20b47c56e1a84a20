// __enzyme_error_estimate(f, x, err_x, ...): f runs with an error estimate
// beside each input; each operation r = g(a, b) gets
//   err(r) = max(ulp(r), sum over active operands |dg/da * a * err(a) / r|)
// and the call returns err(f's result).  The expected errors are computed
// here by that formula, step by step, from the program's own values.
// enzymeLogError is called once per estimated operation whose value reaches
// the result (not for one computed only to be printed).
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
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
