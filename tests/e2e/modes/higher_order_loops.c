// Higher-order derivatives of a loop whose trip count is known only at run
// time, long enough that the inner derivative's tape grows many times (and,
// differentiated again, its tape's memory gets a shadow of its own): reverse
// over reverse, forward over reverse, reverse over forward, and third order
// (reverse over reverse over reverse, forward over reverse over reverse).
// The loop caches doubles, a float, an int and a pointer per iteration.
// Closed forms: p = prod (1 + x a_i), with t_i = a_i / (1 + x a_i) and
// S_k = sum t_i^k, p' = p S1, p'' = p (S1^2 - S2), p''' = p (S1^3 - 3 S1 S2 + 2 S3).
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;

static double coef[4096];
static const double *rows[2] = {coef, coef + 2048};

double product(double x, int n) {
  double p = 1.0;
  for (int i = 0; i < n; i++) {
    const double *row = rows[i & 1];          // a pointer read each iteration
    float half = (float)(0.5 * row[i >> 1]);  // a float kept for the reverse pass
    double a = (double)half * 2.0 + (row[i >> 1] - 2.0 * (double)half);
    p = p * (1.0 + x * a);
  }
  return p;
}

double d1(double x, int n) { return __enzyme_autodiff((void *)product, x, enzyme_const, n); }
double t1(double x, int n) { return __enzyme_fwddiff((void *)product, x, 1.0, enzyme_const, n); }
double rr(double x, int n) { return __enzyme_autodiff((void *)d1, x, enzyme_const, n); }
double fr(double x, int n) { return __enzyme_fwddiff((void *)d1, x, 1.0, enzyme_const, n); }
double rf(double x, int n) { return __enzyme_autodiff((void *)t1, x, enzyme_const, n); }
double rrr(double x, int n) { return __enzyme_autodiff((void *)rr, x, enzyme_const, n); }
double frr(double x, int n) { return __enzyme_fwddiff((void *)rr, x, 1.0, enzyme_const, n); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-9 * (1e-3 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  for (int i = 0; i < 4096; i++) coef[i] = 2e-3 * sin(0.37 * i + 1.0);
  int counts[] = {1, 700, 3001};
  for (int c = 0; c < 3; c++) {
    int n = counts[c];
    for (double x = -0.7; x < 1.0; x += 0.8) {
      double p = 1.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
      for (int i = 0; i < n; i++) {
        double a = rows[i & 1][i >> 1], t = a / (1.0 + x * a);
        p *= 1.0 + x * a;
        s1 += t, s2 += t * t, s3 += t * t * t;
      }
      double p2 = p * (s1 * s1 - s2), p3 = p * (s1 * s1 * s1 - 3 * s1 * s2 + 2 * s3);
      check("d1", d1(x, n), p * s1);
      check("rr", rr(x, n), p2);
      check("fr", fr(x, n), p2);
      check("rf", rf(x, n), p2);
      check("rrr", rrr(x, n), p3);
      check("frr", frr(x, n), p3);
    }
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
