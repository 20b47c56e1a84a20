// Third derivatives of a relaxation that overwrites the array it reads
// (each row reads rows that earlier steps wrote), in a helper that is not
// inlined: reverse over reverse over reverse, and forward over reverse over
// reverse.  Each order is checked against central differences of the one
// below it, and the first against differences of the function.
#include <math.h>
#include <stdio.h>

extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 6, M = 3, X = N + M };

__attribute__((noinline)) void relax(double *y, int sweeps) {
  for (int r = 0; r < sweeps; r++)
    for (int i = 0; i < N; i++) {
      double s = 0.0;
      for (int k = 0; k < M; k++) s += (0.3 + 0.1 * k) * y[i + k];
      y[i] = tanh(s) + 0.5 * y[i];
    }
}

double energy(double a, int sweeps) {
  double y[X];
  for (int i = 0; i < X; i++) y[i] = a * (0.2 + 0.05 * i);
  relax(y, sweeps);
  double s = 0.0;
  for (int i = 0; i < N; i++) s += (i + 1) * y[i];
  return s;
}

double d1(double a, int sweeps) { return __enzyme_autodiff((void *)energy, a, enzyme_const, sweeps); }
double d2(double a, int sweeps) { return __enzyme_autodiff((void *)d1, a, enzyme_const, sweeps); }
double d3(double a, int sweeps) { return __enzyme_autodiff((void *)d2, a, enzyme_const, sweeps); }
double t3(double a, int sweeps) {
  return __enzyme_fwddiff((void *)d2, a, 1.0, enzyme_const, sweeps);
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

static double central(double (*f)(double, int), double a, int sweeps) {
  const double h = 1e-5;
  return (f(a + h, sweeps) - f(a - h, sweeps)) / (2 * h);
}

int main(void) {
  for (int sweeps = 1; sweeps <= 4; sweeps += 3)
    for (double a = 0.3; a < 1.2; a += 0.4) {
      check("first", d1(a, sweeps), central(energy, a, sweeps));
      check("second", d2(a, sweeps), central(d1, a, sweeps));
      check("third (reverse)", d3(a, sweeps), central(d2, a, sweeps));
      check("third (forward)", t3(a, sweeps), central(d2, a, sweeps));
    }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
