// Batched split mode: __enzyme_augmentfwd and __enzyme_reverse with
// enzyme_width 2 (two shadows per duplicated pointer, each lane its own
// seed; the gradients of an active scalar come back two per argument, and
// a float result takes one adjoint per lane before the tape).
//   move(x, y, a): y0 = a sin(x0) x1, y1 = x0^2 + a x1   (tape: sin, cos kept)
//   e(x, a) = a x0 x1^2 + exp(a x0)
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_dup, enzyme_out;
typedef struct { double da[2]; } Lanes;
void *__enzyme_augmentfwd(void *, ...);
Lanes __enzyme_reverse(void *, ...);

void move(const double *x, double *y, double a) {
  y[0] = a * sin(x[0]) * x[1];
  y[1] = x[0] * x[0] + a * x[1];
}
double energy(const double *x, double a) { return a * x[0] * x[1] * x[1] + exp(a * x[0]); }

static const char *names[16];
static double got[16], want[16];
static int count;
static void expect(const char *what, double g, double w) {
  names[count] = what, got[count] = g, want[count++] = w;
}

int main(void) {
  double x[2] = {0.6, -1.3}, a = 1.7, y[2];
  double dx0[2] = {0}, dx1[2] = {0}, dy0[2] = {0}, dy1[2] = {0};
  void *tape = __enzyme_augmentfwd((void *)move, enzyme_width, 2, enzyme_dup, x, dx0, dx1,
                                   enzyme_dup, y, dy0, dy1, enzyme_out, a);
  expect("y0", y[0], a * sin(x[0]) * x[1]);
  dy0[0] = 1.0, dy1[1] = 1.0;                  // lane 0: y0's row, lane 1: y1's row
  Lanes g = __enzyme_reverse((void *)move, enzyme_width, 2, enzyme_dup, x, dx0, dx1,
                             enzyme_dup, y, dy0, dy1, enzyme_out, a, tape);
  expect("dy0/dx0", dx0[0], a * cos(x[0]) * x[1]);
  expect("dy0/dx1", dx0[1], a * sin(x[0]));
  expect("dy1/dx0", dx1[0], 2 * x[0]);
  expect("dy1/dx1", dx1[1], a);
  expect("dy0/da", g.da[0], sin(x[0]) * x[1]);
  expect("dy1/da", g.da[1], x[1]);

  double p[2] = {0.4, 0.9}, dp0[2] = {0}, dp1[2] = {0};
  void *t2 = __enzyme_augmentfwd((void *)energy, enzyme_width, 2, enzyme_dup, p, dp0, dp1,
                                 enzyme_out, a);
  Lanes h = __enzyme_reverse((void *)energy, enzyme_width, 2, enzyme_dup, p, dp0, dp1,
                             enzyme_out, a, 1.0, -2.0, t2);
  double ex = exp(a * p[0]);
  double de[3] = {a * p[1] * p[1] + a * ex, 2 * a * p[0] * p[1], p[0] * p[1] * p[1] + p[0] * ex};
  for (int lane = 0; lane < 2; lane++) {
    double seed = lane ? -2.0 : 1.0, *dp = lane ? dp1 : dp0;
    expect("de/dp0", dp[0], seed * de[0]);
    expect("de/dp1", dp[1], seed * de[1]);
    expect("de/da", h.da[lane], seed * de[2]);
  }
  int bad = 0;
  for (int i = 0; i < count; i++)
    if (!(fabs(got[i] - want[i]) <= 1e-13 * (1.0 + fabs(want[i])))) {
      printf("MISMATCH %s (#%d): got %.17g, want %.17g\n", names[i], i, got[i], want[i]);
      bad = 1;
    }
  return bad;
}
