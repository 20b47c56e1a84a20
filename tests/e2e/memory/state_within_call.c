/* Static state that changes inside one derivative call: a static local a
 * helper called twice per call reads and rewrites (the second call reads
 * what the first stored: an active value), and a ring buffer with its head
 * index, read before and after the writes of a loop with a run-time trip
 * count; reverse and forward alternately, checked against central
 * differences of a copy of the state. */
#include <math.h>
#include <stdlib.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double remember(double x) {
  static double prev = 0.5;
  double r = prev * x;
  prev = x;
  return r;
}
/* prev0 x + x * x^2 */
__attribute__((noinline)) double twice(double x) { return remember(x) + remember(x * x); }

static double ring[5];
static int head;
__attribute__((noinline)) double rolling(double x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    ring[head] = x * (i + 1);
    head = (head + 1) % 5;
    s += ring[(head + 3) % 5] * ring[(head + 4) % 5];   /* previous and this */
  }
  return s;
}
int main(void) {
  int bad = 0;
  double prev0 = 0.5;
  for (int i = 0; i < 4; i++) {
    double x = 0.3 + i;
    double g = i % 2 ? __enzyme_fwddiff((void *)twice, x, 1.0) : __enzyme_autodiff((void *)twice, x);
    bad += !check_close("twice", i, g, prev0 + 3 * x * x);
    prev0 = x * x;
  }
  for (int k = 0; k < 4; k++) {
    double x = 0.7 + k, saved[5];
    int h0 = head;
    for (int j = 0; j < 5; j++) saved[j] = ring[j];
    int n = 3 + k;
    double g = k % 2 ? __enzyme_fwddiff((void *)rolling, x, 1.0, n) : __enzyme_autodiff((void *)rolling, x, n);
    /* central difference on a copy of the state */
    double h = 1e-6, f[2];
    for (int sgn = 0; sgn < 2; sgn++) {
      double xx = x + (sgn ? -h : h);
      int hd = h0; double rg[5]; double s = 0;
      for (int j = 0; j < 5; j++) rg[j] = saved[j];
      for (int i = 0; i < n; i++) {
        rg[hd] = xx * (i + 1); hd = (hd + 1) % 5;
        s += rg[(hd + 3) % 5] * rg[(hd + 4) % 5];
      }
      f[sgn] = s;
    }
    bad += !check_close("rolling", k, g, (f[0] - f[1]) / (2 * h));
  }
  return bad != 0;
}
