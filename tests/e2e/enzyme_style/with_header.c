// A program that takes the API from enzyme/enzyme.h (found with
// -I$(enzyme-opt --print-include-dir)) instead of declaring it: reverse,
// forward, split mode and a struct of gradients through a prototype of its own.
#include <enzyme/enzyme.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { double da, db; } Grad2;
Grad2 __enzyme_autodiff_pair(void *, ...);

static double poly(double x) { return x * x * x - 2.0 * x; }

static double mix(double a, double b) { return a * sin(b) + b * b; }

static void scale(double *v, double s, int n) {
  for (int i = 0; i < n; i++) v[i] = s * v[i] * v[i];
}

static int near(double got, double want) { return fabs(got - want) <= 1e-10 * (1 + fabs(want)); }

int main(void) {
  int bad = 0;
  double x = 1.3;
  double g = __enzyme_autodiff((void *)poly, x);
  double t = __enzyme_fwddiff((void *)poly, x, 1.0);
  if (!near(g, 3 * x * x - 2) || !near(t, 3 * x * x - 2)) {
    printf("MISMATCH poly: reverse %g forward %g want %g\n", g, t, 3 * x * x - 2);
    bad = 1;
  }
  Grad2 p = __enzyme_autodiff_pair((void *)mix, 0.5, 0.25);
  if (!near(p.da, sin(0.25)) || !near(p.db, 0.5 * cos(0.25) + 0.5)) {
    printf("MISMATCH mix: %g %g\n", p.da, p.db);
    bad = 1;
  }
  double v[3] = {1.0, 2.0, 3.0}, dv[3] = {1.0, 1.0, 1.0};
  void *tape = __enzyme_augmentfwd((void *)scale, enzyme_dup, v, dv, enzyme_const, 2.0,
                                   enzyme_const, 3);
  __enzyme_reverse((void *)scale, enzyme_dup, v, dv, enzyme_const, 2.0, enzyme_const, 3, tape);
  double v0[3] = {1.0, 2.0, 3.0};
  for (int i = 0; i < 3; i++)
    if (!near(dv[i], 4.0 * v0[i]) || !near(v[i], 2.0 * v0[i] * v0[i])) {
      printf("MISMATCH scale[%d]: %g %g\n", i, dv[i], v[i]);
      bad = 1;
    }
  return bad;
}
