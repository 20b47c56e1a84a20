/* A helper that returns either the address of a field of its argument or a
 * new block (as std::unordered_map's bucket allocation returns its single
 * bucket or an array): what is stored through the result must not be taken
 * for what the argument's other fields hold.  Here the table's count (an
 * integer) and weight (a double with a derivative) sit beside the single
 * bucket; the buckets hold pointers into x.  Central differences, both
 * modes. */
#include <stdlib.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

struct table { double *single; long count; double weight; double **buckets; };

__attribute__((noinline)) double **allocate_buckets(struct table *t, long n) {
  if (n == 1) {
    t->single = 0;
    return &t->single;
  }
  return calloc(n, sizeof(double *));
}

__attribute__((noinline)) double spread(double *x, long n) {
  struct table t = {0, n, x[0] * x[0], 0};
  t.buckets = allocate_buckets(&t, n);
  for (long i = 0; i < n; i++) t.buckets[i] = &x[(i * 2) % n];
  double s = 0;
  for (long i = 0; i < n; i++) s += *t.buckets[i] * t.weight * (double)t.count;
  if (t.buckets != &t.single) free(t.buckets);
  return s;
}

int main(void) {
  int bad = 0;
  for (long n = 1; n <= 5; n += 4) {
    double x[5] = {0.7, -1.2, 0.4, 2.0, 1.1};
    double dx[5] = {0};
    __enzyme_autodiff((void *)spread, enzyme_dup, x, dx, enzyme_const, n);
    for (int i = 0; i < n; i++) {
      double want = CENTRAL_DIFFERENCE(x[i], 1e-6, spread(x, n));
      bad += !check_close("rev", (int)(10 * n + i), dx[i], want);
      double t[5] = {0};
      t[i] = 1;
      bad += !check_close("fwd", (int)(10 * n + i),
                          __enzyme_fwddiff((void *)spread, enzyme_dup, x, t, enzyme_const, n), want);
    }
  }
  if (bad) printf("%d mismatches\n", bad);
  return bad != 0;
}
