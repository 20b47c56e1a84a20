/* State kept in globals between calls of the differentiated function: a
 * static local holding the previous argument, a static history array, a
 * global the function reads before it writes it, an array of structs
 * holding pointers beside them.  Each call's derivative
 * treats what earlier calls left there as given (a tangent and an adjoint
 * of 0): the shadow globals must not carry an earlier call's tangent, or the
 * adjoint of the value an earlier call found there, into the next call.
 * Reverse, forward (also two tangents at once) and split mode, each called
 * several times in a row; and a split chain through the global, whose
 * adjoint must pass from the second call's reverse to the first's. */
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_width;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } D2;
D2 __enzyme_fwddiff2(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

__attribute__((noinline)) double with_previous(double x) {
  static double prev = 0;
  double r = x * prev + x * x;
  prev = x;
  return r;
}
static double history[4];
static int filled;
__attribute__((noinline)) double smoothed(double x) {
  history[filled++ % 4] = sin(x);
  double s = 0;
  for (int i = 0; i < 4; i++) s += history[i] * history[i];
  return s;
}
struct cache { double *where; double v; } cache;
static double cells[2];
__attribute__((noinline)) double cached(double x) {
  double r = cache.v * x + x * x;
  cache.v = x;
  cache.where = cells;
  return r;
}
/* more float fields beside pointers than one struct store clears: a loop */
struct slot { double *where; double v; } slots[20];
__attribute__((noinline)) double cached_many(double x) {
  double r = 0;
  for (int k = 0; k < 20; k++) r += slots[k].v * x;
  for (int k = 0; k < 20; k++) slots[k].v = x * (k + 1);
  return r + x * x;
}
double level;
__attribute__((noinline)) void step(double *y, double x) {
  y[0] = level * x + x;
  level = y[0];
}

int main(void) {
  int bad = 0;
  double xs[] = {1.5, 2.0, -0.5, 3.0, 0.7, 1.1};
  double prev = 0;
  for (int i = 0; i < 6; i++) {
    double want = prev + 2 * xs[i];
    if (i % 3 == 0) bad += !check_close("rev", i, __enzyme_autodiff((void *)with_previous, xs[i]), want);
    if (i % 3 == 1) bad += !check_close("fwd", i, __enzyme_fwddiff((void *)with_previous, xs[i], 1.0), want);
    if (i % 3 == 2) {
      D2 t = __enzyme_fwddiff2((void *)with_previous, enzyme_width, 2, xs[i], 1.0, 2.0);
      bad += !check_close("width 2", i, t.d[0] + t.d[1] / 2, 2 * want);
    }
    prev = xs[i];
  }
  for (int i = 0; i < 6; i++) {
    double x = xs[i];
    /* only this call's entry depends on x: d/dx sin(x)^2 */
    double want = 2 * sin(x) * cos(x);
    double g = i % 2 ? __enzyme_fwddiff((void *)smoothed, x, 1.0) : __enzyme_autodiff((void *)smoothed, x);
    bad += !check_close("history", i, g, want);
  }
  prev = 0;
  for (int i = 0; i < 4; i++) {
    double want = prev + 2 * xs[i];
    double g = i % 2 ? __enzyme_fwddiff((void *)cached, xs[i], 1.0) : __enzyme_autodiff((void *)cached, xs[i]);
    bad += !check_close("struct", i, g, want);
    prev = xs[i];
  }
  prev = 0;
  for (int k = 0; k < 20; k++) slots[k].where = cells;
  for (int i = 0; i < 4; i++) {
    double want = 210 * prev + 2 * xs[i];
    double g = i % 2 ? __enzyme_fwddiff((void *)cached_many, xs[i], 1.0) : __enzyme_autodiff((void *)cached_many, xs[i]);
    bad += !check_close("array of structs", i, g, want);
    prev = xs[i];
  }
  double before = 0;
  for (int i = 0; i < 4; i++) {
    double y[1], dy[1] = {0}, x = xs[i];
    void *tape = __enzyme_augmentfwd((void *)step, enzyme_dup, y, dy, x);
    dy[0] = 1;
    double dx = __enzyme_reverse((void *)step, enzyme_dup, y, dy, x, tape);
    bad += !check_close("split", i, dx, before + 1);
    before = level;
  }
  /* A split chain: two forward halves, then the reverses in the other
   * order.  The adjoint of `level` the second reverse leaves in its shadow
   * is the first call's to take: the zeroing is at forward halves only. */
  {
    double y1[1], dy1[1] = {0}, y2[1], dy2[1] = {0}, x1 = 1.5, x2 = 2.0, l0 = level;
    void *t1 = __enzyme_augmentfwd((void *)step, enzyme_dup, y1, dy1, x1);
    void *t2 = __enzyme_augmentfwd((void *)step, enzyme_dup, y2, dy2, x2);
    dy2[0] = 1;
    double dx2 = __enzyme_reverse((void *)step, enzyme_dup, y2, dy2, x2, t2);
    double dx1 = __enzyme_reverse((void *)step, enzyme_dup, y1, dy1, x1, t1);
    bad += !check_close("chain dx2", 0, dx2, y1[0] + 1);
    bad += !check_close("chain dx1", 0, dx1, (l0 + 1) * x2);
  }
  return bad != 0;
}
