// Loops whose tape room is made once before them (their iterations are
// bounded by the exit test before they start) and pushes that take it
// unchecked, beside the shapes that must keep a checked push: a counter
// stepping by 3 from a negative start with a block taped on some
// iterations only, an unsigned one stepping by 2 to an odd bound, a long
// one running until it equals n, an inner loop inside a taped outer one,
// a loop calling a function that tapes its own loop (the call pushes in
// between: not reserved), and one counting down.  Each taped rotation
// recurrence runs long enough to grow the tape many times: a reserve too
// small writes past its end.
// CFLAGS: -fno-unroll-loops
#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 4
#define STEPS 3001

// One step of a rotation by angle a: (c, s) stays on the unit circle.
#define ROTATE(c, s, a) do { double c_ = c; c = c_ * cos(a) - s * sin(a); \
                             s = s * cos(a) + c_ * sin(a); } while (0)

__attribute__((noinline)) static double taped_callee(const double *x, int n) {
  double c = 1, s = 0, acc = 0;
  for (int i = 0; i < n; i++) { ROTATE(c, s, x[1]); acc += c * s; }
  return acc;
}

static double objective(double *x) {
  double c = 1, s = 0, acc = 0, a = x[0];
  int n = STEPS;
  for (int i = -5; i < n; i += 3) {
    ROTATE(c, s, a);
    if (i & 1) { double t = c * x[2]; acc += t * t; }
    acc += s * x[3];
  }
  for (unsigned i = 0; i < (unsigned)n; i += 2) { ROTATE(c, s, x[1]); acc += c; }
  for (long i = 0; i != (long)n; i++) { ROTATE(c, s, x[2] * 0.01); acc += c * s; }
  for (int i = 0; i < 40; i++) {
    double p = 1;
    for (int j = 0; j < i % 7 + 1; j++) p = p * x[3] * 0.5 + 0.1;
    ROTATE(c, s, p * 0.001);
    acc += s;
  }
  for (int i = 0; i < 30; i++) acc += taped_callee(x, i % 5 + 20) * 0.01;
  for (int i = n; i > 0; i -= 2) { ROTATE(c, s, a * 0.5); acc += c * x[1]; }
  return acc;
}

int main(void) {
  double x[N] = {0.003, -0.002, 0.7, 1.3}, dx[N] = {0};
  __enzyme_autodiff((void *)objective, enzyme_dup, x, dx);
  return check_gradient("dx", x, dx, N, objective) != 0;
}
