// Function pointers set inside the differentiated code: a struct field
// assigned a function, and a function passed as a callback, get the
// function's derivative table as their shadow, so the calls through them
// (kept out of line: noinline) carry gradients to x and to k.
//   model(x, k) = quad(x, k) * x + sum_i quad(x_i, k) h   with quad = k x^2
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dk; } Grad;
Grad __enzyme_autodiff(void *, ...);

typedef double (*Pot)(double, double);
typedef struct { Pot f; double k; } Model;

double quad(double x, double k) { return k * x * x; }
__attribute__((noinline)) double energy(Model *m, double x) { return m->f(x, m->k) * x; }
__attribute__((noinline)) double integrate(Pot f, double k, int n) {
  double s = 0.0, h = 1.0 / n;
  for (int i = 0; i < n; i++) s += f((i + 0.5) * h, k) * h;
  return s;
}
double model(double x, double k) {
  Model m = {quad, k};
  return energy(&m, x) + integrate(quad, k, 8);
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 0.7, k = 1.3, sum = 0.0;
  for (int i = 0; i < 8; i++) { double xi = (i + 0.5) / 8; sum += xi * xi / 8; }
  Grad g = __enzyme_autodiff((void *)model, x, k);
  check("d model/dx", g.dx, 3 * k * x * x);
  check("d model/dk", g.dk, x * x * x + sum);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
