// Math calls the reverse pass calls again instead of taping (cache_policy
// `_called_again`): a call whose value the forward sweep needs for nothing
// but sums (the primal result a combined derivative drops) is made in its
// block's reverse, and the forward sweep drops it.  With the shapes next
// to it that must keep the forward value: stored, compared, squared into
// a product the reverse reads, its argument overwritten after the call, in
// a split derivative, read in an inner loop, and through a select and a
// quotient by a constant.  And a loop rebuilt whole in its reverse
// (`_in_dead_sweep`: calls of calls' results), with the near misses of a
// sum used after the loop and a running product.  Central differences.
#include "../check.h"

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

enum { N = 6 };

/* The shape it is for: every call's value feeds only the sum. */
__attribute__((noinline)) double sums(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += exp(x[i]) * sin(x[i]) + exp2(0.5 * x[i]) * log(2.0 + x[i]) - cbrt(x[i] + 3.0) / 3.0 +
         (x[i] > 0 ? expm1(x[i]) : 0.0);
  return s;
}
/* Calls of calls' results (Black-Scholes' shape): a one-block loop whose
 * forward sweep computes only what its reverse reads is rebuilt there whole. */
__attribute__((noinline)) double chained(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    double d = (log(1.5 + x[i] * x[i]) + 0.3 * x[i]) / sqrt(1.0 + x[i] * x[i]);
    s += x[i] * erf(d) - exp(-0.7 * x[i]) * erf(d - 0.2) + (1.0 + 0.1 * i) * tanh(d);
  }
  return s;
}
/* The same sum used after the loop other than summed: it stays taped. */
__attribute__((noinline)) double squared_after(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) s += exp(x[i]) * log(2.0 + x[i]);
  return s * s;
}
/* A running product: its rule reads the carried value. */
__attribute__((noinline)) double running(double *x) {
  double s = 1;
  for (int i = 0; i < N; i++) s = s * exp(0.3 * x[i]) + log(2.0 + x[i]);
  return s;
}
/* exp also stored: the forward sweep keeps it. */
__attribute__((noinline)) double stored(double *x, double *y) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    double e = exp(x[i]);
    y[i] = e;
    s += e * x[i];
  }
  return s;
}
/* exp compared: it chooses the path. */
__attribute__((noinline)) double compared(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    double e = exp(x[i]);
    s += e > 1.5 ? e * x[i] : e;
  }
  return s;
}
/* (exp * exp) times an active value: the reverse reads the square. */
__attribute__((noinline)) double squared(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    double e = exp(x[i]);
    s += (e * e) * x[(i + 1) % N];
  }
  return s;
}
/* The call's argument is overwritten after it. */
__attribute__((noinline)) double overwritten(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    s += log(1.0 + x[i] * x[i]) * sin(x[i]);
    x[i] = 0.5 * x[i];
  }
  return s;
}
/* Read in an inner loop: the call is outside it. */
__attribute__((noinline)) double inner(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    double e = exp(x[i]);
    for (int j = 0; j < 3; j++) s += e * x[j];
  }
  return s;
}
__attribute__((noinline)) double split_sum(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) s += exp(x[i]) * cos(x[i]);
  return s;
}
/* Calls a differentiated callee whose result it needs. */
__attribute__((noinline)) double outer(double *x) {
  double t = sums(x);
  return t * t + split_sum(x);
}

static double *y_scratch;
static double stored_of(double *x) { return stored(x, y_scratch); }
static double overwritten_copy(double *x) {
  double c[N];
  for (int i = 0; i < N; i++) c[i] = x[i];
  return overwritten(c);
}

int main(void) {
  double x[N] = {0.3, -0.8, 1.2, 0.05, -1.4, 0.9}, y[N], dy[N] = {0};
  int bad = 0;
  y_scratch = y;
  bad += CHECK_REVERSE(sums, x, N);
  bad += CHECK_REVERSE(chained, x, N);
  bad += CHECK_REVERSE(squared_after, x, N);
  bad += CHECK_REVERSE(running, x, N);
  bad += CHECK_REVERSE(compared, x, N);
  bad += CHECK_REVERSE(squared, x, N);
  bad += CHECK_REVERSE(inner, x, N);
  bad += CHECK_REVERSE(outer, x, N);
  {
    double dx[N] = {0};
    __enzyme_autodiff((void *)stored, enzyme_dup, x, dx, enzyme_dup, y, dy);
    bad += check_gradient("stored", x, dx, N, stored_of);
  }
  {
    double c[N], dc[N] = {0};
    for (int i = 0; i < N; i++) c[i] = x[i];
    __enzyme_autodiff((void *)overwritten, enzyme_dup, c, dc);
    bad += check_gradient("overwritten", x, dc, N, overwritten_copy);
  }
  {
    double dx[N] = {0};
    void *tape = __enzyme_augmentfwd((void *)split_sum, enzyme_dup, x, dx);
    __enzyme_reverse((void *)split_sum, enzyme_dup, x, dx, 1.0, tape);
    bad += check_gradient("split", x, dx, N, split_sum);
  }
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
