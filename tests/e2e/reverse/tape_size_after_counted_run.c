// Loops of runtime trip count taping the same bytes each iteration: the
// tape's size after a run is set from the counter the exit test reads
// (ad/instrument.py `_exit_tested_counter`), not carried out of the loop.
// Shapes that would put a pop on a wrong slot if that count were off by one
// or read from the wrong counter: starts and bounds from memory (negative,
// empty runs), steps of 3 and 4, a counter beside the tested one, the
// unroller's remainder loop and its exit joined by the short runs, runs of
// an inner loop once per outer iteration, the same loop run twice per call,
// and an 8-bit counter wrapping past 255 to meet its bound.  Gradients
// against central differences at every -O level.
#include <math.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);
enum { N = 7 };
#define NOINLINE __attribute__((noinline))

NOINLINE double signed_span(double *x, int lo, int hi) {        // i from -3 up to 11: an i32 counter, negative start
  double s = 0;
  for (int i = lo; i < hi; i++) s += sin(x[(i + 7) % N] * s + 0.1 * i) * x[(i + 14) % N];
  return s;
}
NOINLINE double step_three(double *x, int lo, int hi) {         // i += 3, its bound not met exactly
  double s = 0.5;
  for (int i = lo; i < hi; i += 3) s = cos(s * x[(i + 9) % N]) + x[(i + 10) % N];
  return s;
}
NOINLINE double beside(double *x, int hi) {             // k steps by 2 beside the tested i
  double s = 0.2;
  int k = 1;
  for (int i = 0; i < hi; i++, k += 2) s = sin(s + x[k % N]) * x[i % N];
  return s;
}
NOINLINE double empty_run(double *x, int none, int hi) {          // a run of no iterations, then one of several
  double s = x[0];
  for (int i = 0; i < none; i++) s = exp(0.1 * s) * x[i % N];
  for (int i = none; i < hi; i++) s = exp(0.1 * s) * x[i % N];
  return s * s;
}
NOINLINE double twice(double *x, int hi) {              // the same runtime loop run twice per call
  double s = 0.3;
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < hi - r * 4; i++) s = sin(s * x[i % N]) + x[(i + r) % N] * 0.5;
  return s;
}
NOINLINE double nested(double *x, int rows, int cols) {             // the inner run's size set once per outer iteration
  double l = 0;
  for (int r = 0; r < rows; r++) {
    double s = x[r % N];
    for (int c = r; c < cols + r; c++) s = sin(s) * x[c % N] + 0.1;
    l += s * s;
  }
  return l;
}
NOINLINE double wrap8(double *x, unsigned char from8, unsigned char to8) {              // an 8-bit counter from 250 through 255 to 4
  double s = 0.1;
  for (unsigned char i = from8; i != to8; i++) s = sin(s + x[i % N]) * x[(i + 3) % N];
  return s;
}
int lo = -3, hi = 11, rows = 4, cols = 5, none = 0;  // not constants: the loops stay loops
unsigned char from8 = 250, to8 = 4;
// the bounds reach the loops as arguments (read from globals in the loop,
// they would be read again each iteration: sin may write errno)
static double g_signed_span(double *x) { return signed_span(x, lo, hi); }
static double g_step_three(double *x) { return step_three(x, lo, hi); }
static double g_beside(double *x) { return beside(x, hi); }
static double g_empty_run(double *x) { return empty_run(x, none, hi); }
static double g_twice(double *x) { return twice(x, hi); }
static double g_nested(double *x) { return nested(x, rows, cols); }
static double g_wrap8(double *x) { return wrap8(x, from8, to8); }
#define GRADIENT_BAD(f) ({ double dx[N] = {0}; \
  __enzyme_autodiff((void *)g_##f, x, dx); check_gradient(#f, x, dx, N, g_##f); })
int main(void) {
  double x[N] = {0.3, -0.6, 0.5, 0.8, -0.2, 0.4, 0.7};
  int bad = GRADIENT_BAD(signed_span) + GRADIENT_BAD(step_three) + GRADIENT_BAD(beside) +
            GRADIENT_BAD(empty_run) + GRADIENT_BAD(twice) + GRADIENT_BAD(nested) +
            GRADIENT_BAD(wrap8);
  hi = 2;                              // short runs: the unroller's remainder alone
  bad += GRADIENT_BAD(signed_span) + GRADIENT_BAD(beside) + GRADIENT_BAD(twice);
  return bad != 0;
}
