// A memcpy whose ends no TBAA tag or typed access types directly: its source
// is a field (`e->data`) loaded again after a call that may change it, the
// first load of which is read as doubles; its destination is a fresh buffer
// read only in a callee, through another field.  (Eigen's tensor
// convolution copies its kernel so at -O3.)  The field holds the same type
// of data both times: the copy moves doubles.
//   f(d) = d[0] * sum_i sin(d[i])    df/dd[i] = [i == 0] S + d[0] cos(d[i])
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern double __enzyme_autodiff(void *, ...);
extern int enzyme_dup;

struct Ev { double *data; long n; double *local; };

__attribute__((noinline)) void *grab(struct Ev *e) {
  return malloc(e->n * sizeof(double));
}
__attribute__((noinline)) double use(const struct Ev *e) {
  double s = 0;
  for (long i = 0; i < e->n; i++) s += sin(e->local[i]);
  return s;
}

double f(struct Ev *e) {
  double first = e->data[0];
  double *buf = grab(e);
  memcpy(buf, e->data, e->n * sizeof(double));
  e->local = buf;
  double r = first * use(e);
  free(buf);
  return r;
}

int main(void) {
  enum { N = 5 };
  double d[N] = {0.7, -1.1, 0.3, 2.0, -0.4}, dd[N] = {0};
  struct Ev e = {d, N, 0}, de = {dd, 0, 0};
  __enzyme_autodiff((void *)f, enzyme_dup, &e, &de);
  int failures = 0;
  for (int i = 0; i < N; i++) {
    double h = 1e-6, keep = d[i];
    d[i] = keep + h;
    double up = f(&e);
    d[i] = keep - h;
    double down = f(&e);
    d[i] = keep;
    double want = (up - down) / (2 * h);
    if (!(fabs(dd[i] - want) <= 1e-6 * (1 + fabs(want)))) {
      printf("MISMATCH dd[%d]: got %.17g, want %.17g\n", i, dd[i], want);
      failures++;
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
