// Combined derivatives whose tape may fit in their own frame (at most 1 KB
// pushed per call) beside shapes that must not: a recursive function (its
// pushes are not bounded), a constant-trip loop calling a taped helper,
// a derivative called in a loop with its inputs changed between calls,
// a helper called through a function pointer picked at run time, and a
// variable-length local array taped in a loop of n iterations.  At clang-19
// -O2 fixed_calls keeps its tape (192 bytes) in its frame; the others do
// not.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

static double rec(double x, int depth) {
  if (depth == 0) return sin(x);
  double y = rec(x * 0.9, depth - 1);
  return y * cos(y) + x;
}

__attribute__((noinline)) static double taped_helper(double x, int k) {
  double c = x;
  for (int i = 0; i < 4; i++) c = sin(c) * 0.5 + 0.1 * k;
  return c;
}

static double fixed_calls(double x) {
  double s = 0;
  for (int k = 0; k < 8; k++) s += taped_helper(x + k * 0.01, k) * cos(s);
  return s;
}

static double sq(double v) { return v * v; }
static double cube(double v) { return v * v * v; }
typedef double (*unary)(double);

static double through_pointer(double x, int pick) {
  unary f = pick ? cube : sq;
  return sin(f(x)) * x;
}

static double vla(double *x, int n) {
  double t[n];
  double s = 0;
  for (int i = 0; i < n; i++) { t[i] = sin(x[i % 3]) * s + 1; s += t[i] * t[i] * 0.01; }
  return s;
}

static int depth_now, pick_now, n_now;
static double rec_at(double *x) { return rec(x[0], depth_now); }
static double fixed_at(double *x) { return fixed_calls(x[0]); }
static double ptr_at(double *x) { return through_pointer(x[0], pick_now); }
static double vla_at(double *x) { return vla(x, n_now); }

int main(void) {
  int bad = 0;
  for (int d = 0; d < 40; d += 13) {
    double x[1] = {0.3 + d * 0.01}, dx[1];
    depth_now = d;
    dx[0] = __enzyme_autodiff((void *)rec, x[0], enzyme_const, d);
    bad += check_gradient("rec", x, dx, 1, rec_at);
  }
  for (int r = 0; r < 5; r++) {
    double x[1] = {0.2 + 0.1 * r}, dx[1];
    dx[0] = __enzyme_autodiff((void *)fixed_calls, x[0]);
    bad += check_gradient("fixed", x, dx, 1, fixed_at);
  }
  for (int p = 0; p < 2; p++) {
    double x[1] = {0.7}, dx[1];
    pick_now = p;
    dx[0] = __enzyme_autodiff((void *)through_pointer, x[0], enzyme_const, p);
    bad += check_gradient("ptr", x, dx, 1, ptr_at);
  }
  for (int n = 1; n < 400; n += 97) {
    double x[3] = {0.1, 0.5, -0.4}, dx[3] = {0};
    n_now = n;
    __enzyme_autodiff((void *)vla, enzyme_dup, x, dx, enzyme_const, n);
    bad += check_gradient("vla", x, dx, 3, vla_at);
  }
  return bad != 0;
}
