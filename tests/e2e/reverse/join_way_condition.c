// Joins in a loop whose way in one branch's condition decides, neither arm
// straight from the branch (join_paths.deciding_branch): where the branch
// ends the loop's header and no loop lies inside (optimized builds), the
// reverse reads the condition, kept as an i1 in the header's tape entry
// or recomputed from the counter; elsewhere an index of the way in.
//  c1: an arm block against a region with a diamond of its own;
//  c2: the same on the counter (recomputed, nothing taped);
//  c3: the condition read from memory the region and the join's block
//      then write (the reverse must see the value branched on);
//  c4: a float condition whose operand is active and overwritten;
//  c5: the region holds a loop; c6: the branch in an inner loop whose two
//      exits join in the outer one (both keep the index).
// Central differences.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 9 };
static int FLAG[N] = {1, -2, 0, 3, -1, 2, 0, -3, 1};

__attribute__((noinline)) double c1(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    if (t > 0.1) t = sin(t) * t;
    else {
      if (x[(i + 1) % n] > 0) t = exp(t); else t = cos(t) + t;
      t = t * x[(i + 2) % n] + log1p(t * t);
    }
    s += t * t;
  }
  return s;
}
__attribute__((noinline)) double c2(const double *x, int n) {
  double s = 1;
  for (int i = 0; i < n; i++) {
    double u = x[i] + 0.5;
    if (i & 2) u = atan(u) / (1 + u * u);
    else {
      u = x[(i + 4) % n] < 0.2 ? tanh(u) : sinh(u) * 0.3;
      u = u * u * x[(i + 5) % n] + sqrt(1 + u * u);
    }
    s = s * 0.9 + u;
  }
  return s;
}
__attribute__((noinline)) double c3(const double *x, int *flag, int n) {
  double s = 0.5;
  for (int i = 0; i < n; i++) {
    double v = x[(i + 3) % n];
    if (flag[i] > 0) v = cbrt(v + 2) * x[i];
    else {
      v = flag[(i + 2) % n] < 0 ? erf(v) : expm1(v) + v;
      flag[i] = 1 - flag[i];                  // the region flips it
      v = v / (1.5 + x[i] * x[i]);
    }
    s = s * v + 0.2;
    flag[(i + 1) % n] += flag[i] > 1;       // and the next one's
  }
  return s;
}
__attribute__((noinline)) double c4(double *w, int n) {
  double acc = 0;
  for (int i = 0; i < n; i++) {
    double p = w[i] * 1.5;
    if (w[i] > 0.05) p = log(1 + p * p) * w[i];
    else {
      p = w[(i + 1) % n] > 0 ? cosh(p) : asinh(p) - p;
      w[i] = p * 0.5 - w[i];
      p = p * w[(i + 2) % n] + hypot(p, 0.5);
    }
    acc += p * w[i];
    w[i] = w[i] * p + 0.3;
  }
  return acc + w[0] * w[n - 1];
}
__attribute__((noinline)) double c5(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    if (t > -0.2) t = sin(t) + t;
    else {
      for (int k = 0; k < i; k++)
        if (x[k] > 0.2) t = t * x[k]; else t = t + exp(x[k]);
      t = log1p(t * t);
    }
    s += t * x[(i + 3) % n];
  }
  return s;
}
__attribute__((noinline)) double c6(const double *x, int n) {
  double s = 0;
  for (int r = 0; r < n; r++) {
    double t = x[r];
    for (int k = 0;;) {
      if (x[k] * t > 0.3) { t = sin(t) + x[k]; break; }
      t = t * 0.9 + x[k] * 0.1;
      if (++k == n) { t = exp(0.1 * t); break; }
    }
    s += t * t;
  }
  return s;
}

static double f1(double *x) { return c1(x, N); }
static double f2(double *x) { return c2(x, N); }
static double f3(double *x) {
  int fl[N];
  for (int i = 0; i < N; i++) fl[i] = FLAG[i];
  return c3(x, fl, N);
}
static double f4(double *x) {
  double w[N];
  for (int i = 0; i < N; i++) w[i] = x[i];
  return c4(w, N);
}
static double f5(double *x) { return c5(x, N); }
static double f6(double *x) { return c6(x, N); }

int main(void) {
  static double (*const loss[])(double *) = {f1, f2, f3, f4, f5, f6};
  static const char *const name[] = {"c1", "c2", "c3", "c4", "c5", "c6"};
  double x[N], w[N], d[6][N] = {{0}};
  int fl[N], bad = 0;
  for (int i = 0; i < N; i++) w[i] = x[i] = 0.6 * sin(1.7 * i + 0.3), fl[i] = FLAG[i];
  __enzyme_autodiff((void *)c1, enzyme_dup, x, d[0], enzyme_const, N);
  __enzyme_autodiff((void *)c2, enzyme_dup, x, d[1], enzyme_const, N);
  __enzyme_autodiff((void *)c3, enzyme_dup, x, d[2], enzyme_const, fl, enzyme_const, N);
  __enzyme_autodiff((void *)c4, enzyme_dup, w, d[3], enzyme_const, N);
  __enzyme_autodiff((void *)c5, enzyme_dup, x, d[4], enzyme_const, N);
  __enzyme_autodiff((void *)c6, enzyme_dup, x, d[5], enzyme_const, N);
  for (int k = 0; k < 6; k++) bad += check_gradient(name[k], x, d[k], N, loss[k]);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
