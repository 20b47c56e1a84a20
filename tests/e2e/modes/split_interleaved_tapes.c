// Split derivatives of a function with number-only local arrays (their
// shadows live in the reverse function), short constant-trip loops inside
// an outer loop (their counters set in the reverse, not taped), and a loop
// leaving at j == n (its last counter from the exit test), beside a local
// merged with an argument by a select (it keeps a shared shadow):
//  1. two augmented forward calls, then their reverses in the other order
//     (each tape and its locals' shadows apart);
//  2. the same function as a callee of one __enzyme_autodiff, called twice.
// Central differences of sum(w * out).
#include "../check.h"

extern int enzyme_const, enzyme_dup;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
void __enzyme_autodiff(void *, ...);

enum { N = 7 };

__attribute__((noinline)) void step(const double *x, double *out, int n) {
  double a[4], b[4], c[4];
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < 4; i++) a[i] = sin(x[(i + r) % n]) * x[i];
    for (int i = 0; i < 4; i++) b[i] = (r ? b[i] : 1.0) * a[3 - i] + x[r];
    for (int j = r; j != n; j++) out[j] += b[j % 4] * x[j];
  }
  for (int i = 0; i < 4; i++) c[i] = x[i] * x[i + 1];
  const double *q = n > 5 ? c : x;
  out[0] += q[1] * q[2];
}
__attribute__((noinline)) void twice(const double *x, double *out, int n) {
  step(x, out, n);
  step(out, out + 1, n - 1);
}

static const double W[N] = {0.3, -1.1, 0.7, 0.2, 1.4, -0.6, 0.9};

static double f_step(double *x) {
  double out[N] = {0}, s = 0;
  step(x, out, N);
  for (int i = 0; i < N; i++) s += W[i] * out[i];
  return s;
}
static double f_twice(double *x) {
  double out[N + 1] = {0}, s = 0;
  for (int i = 0; i < N; i++) out[i] = x[i] * 0.5;
  twice(x, out, N);
  for (int i = 0; i < N; i++) s += W[i] * out[i];
  return s;
}

int main(void) {
  double x1[N], x2[N], dx1[N] = {0}, dx2[N] = {0};
  double o1[N] = {0}, o2[N] = {0}, do1[N], do2[N];
  for (int i = 0; i < N; i++) {
    x1[i] = 0.6 * cos(1.1 * i + 0.5);
    x2[i] = 0.4 * sin(0.7 * i - 0.2);
    do1[i] = do2[i] = W[i];
  }
  void *t1 = __enzyme_augmentfwd((void *)step, enzyme_dup, x1, dx1, enzyme_dup, o1, do1,
                                 enzyme_const, N);
  void *t2 = __enzyme_augmentfwd((void *)step, enzyme_dup, x2, dx2, enzyme_dup, o2, do2,
                                 enzyme_const, N);
  __enzyme_reverse((void *)step, enzyme_dup, x2, dx2, enzyme_dup, o2, do2, enzyme_const, N, t2);
  __enzyme_reverse((void *)step, enzyme_dup, x1, dx1, enzyme_dup, o1, do1, enzyme_const, N, t1);
  double x3[N], dx3[N] = {0}, o3[N + 1] = {0}, do3[N + 1] = {0};
  for (int i = 0; i < N; i++) {
    x3[i] = 0.5 * sin(1.3 * i);
    o3[i] = x3[i] * 0.5;
    do3[i] = W[i];
  }
  __enzyme_autodiff((void *)twice, enzyme_dup, x3, dx3, enzyme_dup, o3, do3, enzyme_const, N);
  for (int i = 0; i < N; i++) dx3[i] += 0.5 * do3[i];    // out started as x / 2
  int bad = check_gradient("interleaved 1", x1, dx1, N, f_step) +
            check_gradient("interleaved 2", x2, dx2, N, f_step) +
            check_gradient("twice", x3, dx3, N, f_twice);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
