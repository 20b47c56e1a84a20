// Inner loops whose counter's last value the reverse pass may take from the
// exit test (j + 1 == n, n from the arguments) or from a constant trip
// count, varied one condition at a time:
//  e1: j != n with the start set by the outer counter (the shortcut's shape);
//  e2: a second, data-dependent exit (break);
//  e3: an exit test on 2*j, and a counter stepping by an argument;
//  e4: an 8-bit counter that wraps from start past 255 to n;
//  e5: a do-while testing the counter's old value (j++ != m);
//  e6: the counter read after its loop (the value it left with).
// Each also differentiated as a callee of an __enzyme_autodiff (split
// derivatives: augmented forward and reverse).  Central differences.
#include "../check.h"

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);

enum { N = 9 };

__attribute__((noinline)) double e1(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < 3; i++)
    for (int j = i; j != n; j++) s += sin(x[j] * x[i]);
  return s;
}
__attribute__((noinline)) double e2(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j + 1 != n; j++) {
      if (x[j] * x[i] > 0.15) break;
      s += cos(x[j] + x[i]);
    }
  return s;
}
__attribute__((noinline)) double e3(const double *x, int n, int k) {
  double s = 0;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; 2 * j < n; j++) s += x[j] * x[i] * x[2 * j];
    for (int j = i; j < n; j += k) s += exp(0.2 * x[j] * x[i]);
  }
  return s;
}
__attribute__((noinline)) double e4(const double *x, unsigned char start, int n) {
  double s = 0;
  for (int i = 0; i < 3; i++)
    for (unsigned char j = start; j != (unsigned char)n; j++)
      s += x[j % N] * x[(j + i) % N];
  return s;
}
__attribute__((noinline)) double e5(const double *x, int m) {
  double s = 0;
  for (int i = 0; i < 3; i++) {
    int j = 0;
    do s += sin(x[j] * x[i + 1]); while (j++ != m);
  }
  return s;
}
__attribute__((noinline)) double e6(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < 3; i++) {
    int j;
    for (j = i; j + 1 != n; j++) s += x[j] * x[j + 1];
    s += x[j] * x[i] * x[j - i];
  }
  return s;
}
__attribute__((noinline)) double caller(const double *x) {
  return e1(x, N) + e2(x, N - 1) + e3(x, N, 2) + e4(x, 252, 4) + e5(x, 5) + e6(x, N);
}

static double f1(double *x) { return e1(x, N); }
static double f2(double *x) { return e2(x, N - 1); }
static double f3(double *x) { return e3(x, N, 2); }
static double f4(double *x) { return e4(x, 252, 4); }
static double f5(double *x) { return e5(x, 5); }
static double f6(double *x) { return e6(x, N); }
static double fc(double *x) { return caller(x); }

int main(void) {
  double x[N], d[7][N] = {{0}};
  for (int i = 0; i < N; i++) x[i] = 0.4 * cos(1.3 * i + 0.2);
  __enzyme_autodiff((void *)e1, enzyme_dup, x, d[0], enzyme_const, N);
  __enzyme_autodiff((void *)e2, enzyme_dup, x, d[1], enzyme_const, N - 1);
  __enzyme_autodiff((void *)e3, enzyme_dup, x, d[2], enzyme_const, N, enzyme_const, 2);
  __enzyme_autodiff((void *)e4, enzyme_dup, x, d[3], enzyme_const, (unsigned char)252,
                    enzyme_const, 4);
  __enzyme_autodiff((void *)e5, enzyme_dup, x, d[4], enzyme_const, 5);
  __enzyme_autodiff((void *)e6, enzyme_dup, x, d[5], enzyme_const, N);
  __enzyme_autodiff((void *)caller, enzyme_dup, x, d[6]);
  int bad = check_gradient("e1", x, d[0], N, f1) + check_gradient("e2", x, d[1], N, f2) +
            check_gradient("e3", x, d[2], N, f3) + check_gradient("e4", x, d[3], N, f4) +
            check_gradient("e5", x, d[4], N, f5) + check_gradient("e6", x, d[5], N, f6) +
            check_gradient("caller", x, d[6], N, fc);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
