// Loops rebuilt whole in their reverse (cache_policy `_sweep_rebuilt`) whose
// one-block body compares floats and selects between them: a leaky ReLU
// squared with fmax and fabs, a Huber loss, a clamp.  With the shapes next
// to them that must keep the forward loop: the selected value stored, the
// last comparison used after the loop, loads of memory the loop overwrites
// compared and selected, a comparison of the running sum, and a call with
// effects in the body.  Central differences.
#include "../check.h"

extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);

enum { N = 6 };
int n = N;    /* not a constant: the loops stay loops */

static double leaky(double z) { return z > 0 ? z : 0.01 * z; }

/* The shapes it is for: values compared and selected, only summed. */
__attribute__((noinline)) double relu(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double h = leaky(1.5 * x[i] - 0.2);
    s += h * h + fmax(x[i], 0.1) + 0.1 * fabs(x[i] + 0.5);
  }
  return s;
}
__attribute__((noinline)) double huber(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double r = 0.7 - 1.3 * x[i], a = fabs(r);
    s += a < 0.8 ? 0.5 * r * r : 0.8 * (a - 0.4);
  }
  return s;
}
__attribute__((noinline)) double clamped(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) s += exp(fmin(fmax(x[i], -1.0), 1.0)) * x[i];
  return s;
}
/* The selected value stored too. */
__attribute__((noinline)) double stored(double *x, double *y) {
  double s = 0;
  for (int i = 0; i < n; i++) s += (y[i] = leaky(1.5 * x[i] - 0.2)) * x[i];
  return s;
}
/* The last comparison chooses after the loop. */
__attribute__((noinline)) double compared_after(double *x) {
  double s = 0;
  int up = 0;
  for (int i = 0; i < n; i++) {
    up = x[i] > 0.1;
    s += up ? x[i] * x[i] : 0.3 * x[i];
  }
  return up ? s : 2.0 * s * x[0];
}
/* Loads of memory the loop overwrites, compared and selected; x[0] is
 * read again, overwritten, in the last iteration. */
__attribute__((noinline)) double overwritten(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double a = x[i], b = x[(i + 1) % n];
    s += a > b ? a * b : 0.5 * b * b;
    x[i] = 0.5 * a + b;
  }
  return s;
}
/* The running sum compared: its reverse reads the carried value. */
__attribute__((noinline)) double running(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) s = s > 1.0 ? s + 0.5 * x[i] * x[i] : s + x[i] * x[i];
  return s;
}
/* A call with effects beside the selects. */
static int ticks;
__attribute__((noinline)) void tick(int i) { ticks += i; }
__attribute__((noinline)) double with_call(double *x) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    tick(i);
    s += fmax(x[i], 0.1) * x[i];
  }
  return s;
}

/* stored and overwritten have more arguments or write their input. */
static double y[N];
static double stored_of(double *x) { return stored(x, y); }
static int check_written(double *x) {
  double dx[N] = {0}, dy[N] = {0}, c[N], dc[N] = {0};
  __enzyme_autodiff((void *)stored, enzyme_dup, x, dx, enzyme_dup, y, dy);
  int bad = check_gradient("stored", x, dx, N, stored_of);
  for (int i = 0; i < N; i++) c[i] = x[i];
  __enzyme_autodiff((void *)overwritten, enzyme_dup, c, dc);
  return bad + check_gradient_copied("overwritten", x, dc, N, overwritten);
}

int main(void) {
  double x[N] = {0.3, -0.8, 1.2, 0.05, -1.4, 0.9};
  int bad = check_written(x) + CHECK_REVERSE(relu, x, N) + CHECK_REVERSE(huber, x, N) +
            CHECK_REVERSE(clamped, x, N) + CHECK_REVERSE(compared_after, x, N) +
            CHECK_REVERSE(running, x, N) + CHECK_REVERSE(with_call, x, N);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
