/* Globals written and read in different orders, across derivative calls of
 * both modes: written then read in one call, only read (changed by main
 * between calls), only written (then read by another derivative, whose
 * reverse leaves an adjoint in the shadow the writer's next call must not
 * take), an array indexed by an integer argument, and a user-level split
 * chain through a global, aug(put) aug(take) rev(take) rev(put), where the
 * adjoint must pass from one reverse to the other.  Guards which shadow
 * globals are cleared before each derivative call (ad/context.py). */
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

double wr;            /* written, then read in the same call */
__attribute__((noinline)) double write_then_read(double x) {
  wr = x * x;
  return wr * sin(wr);
}
double scale = 3.0;   /* only read */
__attribute__((noinline)) double only_read(double x) { return scale * x * x; }
double sink;          /* only written */
__attribute__((noinline)) double only_written(double x) {
  sink = x * x * x;
  return 2 * x;
}
__attribute__((noinline)) double reads_sink(double x) { return sink * x; }
double table[4];      /* indexed by the argument */
__attribute__((noinline)) double indexed(double x, int k) {
  table[k & 3] = x * x;
  return table[k & 3] * table[(k + 1) & 3] + table[k & 3];
}
double carried;       /* written by one function, read by another: split chain */
__attribute__((noinline)) void put(double x) { carried = x * x; }
__attribute__((noinline)) void take(double *y, double z) { y[0] = carried * z; }

int main(void) {
  int bad = 0;
  double xs[] = {0.5, 1.25, -0.75, 2.0};
  for (int i = 0; i < 4; i++) {
    double x = xs[i], u = x * x;
    double want = 2 * x * (sin(u) + u * cos(u));
    double g = i % 2 ? __enzyme_fwddiff((void *)write_then_read, x, 1.0)
                     : __enzyme_autodiff((void *)write_then_read, x);
    bad += !check_close("write_then_read", i, g, want);
    g = i % 2 ? __enzyme_autodiff((void *)only_read, x)
              : __enzyme_fwddiff((void *)only_read, x, 1.0);
    bad += !check_close("only_read", i, g, 2 * scale * x);
    scale += 1;
    g = i % 2 ? __enzyme_autodiff((void *)only_written, x)
              : __enzyme_fwddiff((void *)only_written, x, 1.0);
    bad += !check_close("only_written", i, g, 2);
    bad += !check_close("sink value", i, sink, x * x * x);
    /* sink was written inside a derivative call: here it is a constant */
    g = i % 2 ? __enzyme_fwddiff((void *)reads_sink, 0.3, 1.0)
              : __enzyme_autodiff((void *)reads_sink, 0.3);
    bad += !check_close("reads_sink", i, g, x * x * x);
  }
  for (int k = 0; k < 6; k++) {
    double x = 0.5 + k, other = table[(k + 1) & 3];
    double g = k % 2 ? __enzyme_fwddiff((void *)indexed, x, 1.0, k)
                     : __enzyme_autodiff((void *)indexed, x, k);
    bad += !check_close("indexed", k, g, 2 * x * other + 2 * x);
  }
  /* aug(put) aug(take) rev(take) rev(put): the adjoint of `carried` passes */
  {
    double x = 1.5, z = 0.7, y[1], dy[1] = {0};
    void *t1 = __enzyme_augmentfwd((void *)put, x);
    void *t2 = __enzyme_augmentfwd((void *)take, enzyme_dup, y, dy, z);
    dy[0] = 1;
    double dz = __enzyme_reverse((void *)take, enzyme_dup, y, dy, z, t2);
    double dx = __enzyme_reverse((void *)put, x, t1);
    bad += !check_close("chain dz", 0, dz, x * x);
    bad += !check_close("chain dx", 0, dx, 2 * x * z);
  }
  return bad != 0;
}
