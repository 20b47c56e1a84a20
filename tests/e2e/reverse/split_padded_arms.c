// Branches whose arms push different amounts on the tape: the shorter arm
// pushes the difference and its reverse pops it, so that what is pushed
// after the join sits at one offset (instrument.pad_arms).  A rotation as
// in bundle adjustment (a loop over local arrays on one arm, none on the
// other, values taped after the join), called from differentiated code
// (split), each arm taken.  Beside it: the branch inside a loop (no
// padding: its join runs every iteration), and an else-if chain (two short
// arms padded, the middle one reached through a second branch).
// (-fno-unroll-loops keeps the loops at -O2)
// CFLAGS: -fno-unroll-loops
#include "../check.h"

void __enzyme_autodiff(void *, ...);

static inline double rotate_body(const double *r, const double *p, double *out) {
  double sq = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  if (sq != 0) {
    double th = sqrt(sq), c = cos(th), s = sin(th), w[3], wp[3];
    for (int i = 0; i < 3; i++) w[i] = r[i] / th;
    wp[0] = w[1] * p[2] - w[2] * p[1];
    wp[1] = w[2] * p[0] - w[0] * p[2];
    wp[2] = w[0] * p[1] - w[1] * p[0];
    double t = (w[0] * p[0] + w[1] * p[1] + w[2] * p[2]) * (1 - c);
    for (int i = 0; i < 3; i++) out[i] = p[i] * c + wp[i] * s + w[i] * t;
  } else {
    out[0] = p[0] + r[1] * p[2] - r[2] * p[1];
    out[1] = p[1] + r[2] * p[0] - r[0] * p[2];
    out[2] = p[2] + r[0] * p[1] - r[1] * p[0];
  }
  return out[0] / out[2] + out[1] * out[1] / (out[2] * out[2]);
}

__attribute__((noinline)) static double rotate(const double *r, const double *p) {
  double out[3];
  return rotate_body(r, p, out);
}

__attribute__((noinline)) static double in_loop(const double *x, int n) {
  double s = 0;
  for (int k = 0; k < n; k++) {
    if (x[k % 4] > 0) {
      for (int i = 0; i < 3; i++) s += sin(x[i] * s + 0.1);
    } else {
      s = s * x[3];
    }
  }
  return s;
}

__attribute__((noinline)) static double nested_arm(const double *x, double t) {
  double s = 0;
  if (t > 0) {
    for (int i = 0; i < 3; i++) s += cos(x[i] * t);
  } else if (t < -0.5) {
    s = x[0] * x[1];
  } else {
    s = x[2] * t;
  }
  return sin(s) * x[3];
}

static double objective(double *x) {
  double zero[3] = {0, 0, 0}, p[3] = {x[3] + 2, x[1] - 1, x[2] + 5}, out[3];
  double r = rotate(x, p) + rotate(zero, p) + rotate_body(x, p, out) + rotate_body(zero, p, out);
  return r + in_loop(x, 4) + nested_arm(x, x[3]) + nested_arm(x, -x[3]) + nested_arm(x, -0.2);
}

int main(void) {
  double x[4] = {0.3, -0.7, 0.5, 0.9}, dx[4] = {0};
  __enzyme_autodiff((void *)objective, x, dx);
  return check_gradient("dx", x, dx, 4, objective) != 0;
}
