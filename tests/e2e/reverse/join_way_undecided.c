// Joins in a loop that the dominating branch's condition alone does not
// decide (join_paths.deciding_branch answers None; the reverse reads an
// index of the way in instead):
//  u1: the true arm reaches both ways into the join (a chain of branches);
//  u2: three ways into the join;
//  u3: a switch ends the dominating block;
//  u4: both ways pass a block that branches back to the dominator (the
//      loop's exit and the join's way share a latch).
// Central differences.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
enum { N = 9 };

__attribute__((noinline)) double u1(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    if (t > 0.1) {
      if (x[(i + 1) % n] > 0) { t = sin(t) * t; goto joined; }
      t = exp(t);
    } else {
      t = cos(t) * t;
    }
    t = t * x[(i + 2) % n] + log1p(t * t);
  joined:
    s = s * 0.8 + t;
  }
  return s;
}
__attribute__((noinline)) double u2(const double *x, int n) {
  double prod = 1;
  for (int i = 0; i < n; i++) {
    double q = x[i];
    if (q > 0.3) q = atan(q) * q;
    else if (q > -0.2) q = expm1(q) + x[(i + 1) % n];
    else {
      q = x[(i + 2) % n] > 0 ? tanh(q) : q * q;
      q = sqrt(1 + q * q) * x[(i + 3) % n];
    }
    prod *= 1 + 0.2 * q;
  }
  return prod;
}
__attribute__((noinline)) double u3(const double *x, int n) {
  double e = 0;
  for (int i = 0; i < n; i++) {
    double r = x[i] - 0.1;
    switch ((int)(4 * x[(i + 1) % n] + 8) % 4) {
    case 0: r = cbrt(r + 3) * r; break;
    case 2: r = erf(r) + 1; break;
    default:
      r = r * (x[(i + 2) % n] > 0 ? cosh(r) : 2.0);
      r = asinh(r) / (1 + x[(i + 3) % n] * x[(i + 3) % n]);
    }
    e += r * x[(i + 4) % n];
  }
  return e;
}
__attribute__((noinline)) double u4(const double *x, int n) {
  double m = 0.25;
  int i = 0;
  for (;;) {
    double z = x[i];
    int go_on = i + 1 < n && x[i] * x[i + 1] < 0.3;
    if (go_on) z = log(2 + z) * x[i + 1];
    else {
      z = z > 0 ? sinh(z) : hypot(z, 1.0);
      z = z * x[0] - m;
    }
    m = m * z + 0.5;
    if (!go_on) break;
    i++;
  }
  return m + i;
}

static double f1(double *x) { return u1(x, N); }
static double f2(double *x) { return u2(x, N); }
static double f3(double *x) { return u3(x, N); }
static double f4(double *x) { return u4(x, N); }

int main(void) {
  static double (*const loss[])(double *) = {f1, f2, f3, f4};
  static const char *const name[] = {"u1", "u2", "u3", "u4"};
  double x[N], d[4][N] = {{0}};
  int bad = 0;
  for (int i = 0; i < N; i++) x[i] = 0.6 * sin(1.7 * i + 0.3);
  __enzyme_autodiff((void *)u1, enzyme_dup, x, d[0], enzyme_const, N);
  __enzyme_autodiff((void *)u2, enzyme_dup, x, d[1], enzyme_const, N);
  __enzyme_autodiff((void *)u3, enzyme_dup, x, d[2], enzyme_const, N);
  __enzyme_autodiff((void *)u4, enzyme_dup, x, d[3], enzyme_const, N);
  for (int k = 0; k < 4; k++) bad += check_gradient(name[k], x, d[k], N, loss[k]);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
