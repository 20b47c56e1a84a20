// Reverse loops whose tape size is set from the loop's counter at the start
// of each reverse iteration (instrument.py anchor_loop_pops), and the shapes
// beside them that keep the size they step: at -O1..-O3 a counter from 0
// taping one double (from_zero), an outer loop whose inner one keeps nothing
// and whose branch condition is its only entry (pinball_rows, 1 byte), an
// unsigned counter from 3, a loop with an early exit, an i8 counter that
// wraps, and split mode (the tape handed from the augmented forward to the
// reverse, the primal run on other data in between) take the counter's
// size; a counter stepping down, a triangular nest (the inner trip count
// changes per outer iteration) and a nest whose inner counter starts at the
// outer one keep theirs, as does everything at -O0 (the loops leave from
// their headers).  Central differences.
// CFLAGS: -fno-unroll-loops -fno-vectorize -fno-slp-vectorize
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

#define N 12

static double from_zero(double *x, int n) {
  double s = 0.3;
  for (int i = 0; i < n; i++) s = s * s * x[i] + 0.5 * s;
  return s;
}

static double pinball_rows(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double p = 0;
    for (int j = 0; j < 4; j++) p += x[j] * (((i * 4 + j) % 7) - 3) * 0.1;
    double r = 0.1 * i - p;
    s += r >= 0 ? 0.7 * r : -0.3 * r;
  }
  return s;
}

static double downward(double *x, long lo, long hi) {
  double s = 0.1;
  for (long i = hi; i > lo; i--) s = s * cos(x[i]) + sin(s) * x[i - 1];
  return s;
}

static double unsigned_from(double *x, unsigned n) {
  double s = 0.2;
  for (unsigned i = 3; i < n; i++) s = sin(s + x[i]) * x[i - 3] + 0.3 * s;
  return s;
}

static double early_exit(double *x, int n) {
  double s = 0.5;
  for (int i = 0; i < n; i++) {
    s = s * x[i] + sin(s);
    if (s > 2.5) break;
  }
  return s;
}

static double triangular(double *x, int n) {
  double s = 0.1;
  for (int i = 0; i < n; i++) {
    double t = s;
    for (int j = 0; j <= i; j++) t = t * t * x[j] * 0.3 + 0.5 * t;
    s = s * 0.5 + t * x[i];
  }
  return s;
}

static double nested_offset(double *x, int n) {
  double s = 0.2;
  for (int i = 1; i < n; i++)
    for (int j = i; j < i + 3 && j < n; j++) s = s * 0.9 + sin(s * x[j]) * x[i - 1];
  return s;
}

static double wrapping(double *x, int n) {
  double s = 0.1;
  for (unsigned char c = 250; c != 20; c++)
    s = sin(s + x[c % n]) * 0.9 + 0.01 * x[(c + 1) % n];
  return s;
}

__attribute__((noinline)) double split_loop(double *x, int n) {
  double s = 0.4, a = x[0], b = x[1];
  for (int i = 2; i < n; i++) s = s * 0.8 + s * s * a + b * 0.01 * i;
  return s;
}

static double from_zero_x(double *x) { return from_zero(x, N); }
static double pinball_rows_x(double *x) { return pinball_rows(x, N); }
static double downward_x(double *x) { return downward(x, 2, N - 1); }
static double unsigned_from_x(double *x) { return unsigned_from(x, N); }
static double early_exit_x(double *x) { return early_exit(x, N); }
static double triangular_x(double *x) { return triangular(x, 7); }
static double nested_offset_x(double *x) { return nested_offset(x, N); }
static double wrapping_x(double *x) { return wrapping(x, N); }
static double split_loop_x(double *x) { return split_loop(x, N); }

static void fill(double *x, double a, double b) {
  for (int i = 0; i < N; i++) x[i] = a + b * sin(1.7 * i);
}

int main(void) {
  double x[N], d[N], other[N];
  int bad = 0;
  fill(x, 0.4, 0.5);
  __enzyme_autodiff((void *)from_zero, enzyme_dup, x, zeroed_(d, N), enzyme_const, N);
  bad += check_gradient("from_zero", x, d, N, from_zero_x);
  __enzyme_autodiff((void *)pinball_rows, enzyme_dup, x, zeroed_(d, N), enzyme_const, N);
  bad += check_gradient("pinball_rows", x, d, N, pinball_rows_x);
  __enzyme_autodiff((void *)downward, enzyme_dup, x, zeroed_(d, N), enzyme_const, 2L,
                    enzyme_const, (long)N - 1);
  bad += check_gradient("downward", x, d, N, downward_x);
  __enzyme_autodiff((void *)unsigned_from, enzyme_dup, x, zeroed_(d, N), enzyme_const, N);
  bad += check_gradient("unsigned_from", x, d, N, unsigned_from_x);
  fill(x, 1.1, 0.3);               // s passes 2.5 part way: the loop breaks early
  __enzyme_autodiff((void *)early_exit, enzyme_dup, x, zeroed_(d, N), enzyme_const, N);
  bad += check_gradient("early_exit", x, d, N, early_exit_x);
  fill(x, 0.4, 0.5);
  __enzyme_autodiff((void *)triangular, enzyme_dup, x, zeroed_(d, N), enzyme_const, 7);
  bad += check_gradient("triangular", x, d, N, triangular_x);
  __enzyme_autodiff((void *)nested_offset, enzyme_dup, x, zeroed_(d, N), enzyme_const, N);
  bad += check_gradient("nested_offset", x, d, N, nested_offset_x);
  __enzyme_autodiff((void *)wrapping, enzyme_dup, x, zeroed_(d, N), enzyme_const, N);
  bad += check_gradient("wrapping", x, d, N, wrapping_x);
  void *tape = __enzyme_augmentfwd((void *)split_loop, enzyme_dup, x, zeroed_(d, N),
                                   enzyme_const, N);
  fill(other, -0.7, 0.9);
  (void)split_loop(other, N);
  __enzyme_reverse((void *)split_loop, enzyme_dup, x, d, enzyme_const, N, 1.0, tape);
  bad += check_gradient("split_loop", x, d, N, split_loop_x);
  return bad != 0;
}
