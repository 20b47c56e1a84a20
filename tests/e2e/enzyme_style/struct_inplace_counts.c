// An array of structs with a double and an int field, updated in place; the
// int counts how often each cell was hit and scales later updates.
//   for k in 0..K-1: i = idx[k]; c[i].v = c[i].v * c[i].v * 0.5 + a; c[i].hits++;
//   return sum_i c[i].v * c[i].hits
#include <math.h>
#include <stdio.h>

typedef struct { double v; int hits; } Cell;
extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);

double step(Cell *c, int n, const int *idx, int k, double a) {
  for (int j = 0; j < k; j++) {
    Cell *p = &c[idx[j]];
    p->v = p->v * p->v * 0.5 + a;
    p->hits++;
  }
  double s = 0.0;
  for (int i = 0; i < n; i++) s += c[i].v * c[i].hits;
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

static double eval(const double *v0, double a, const int *idx, int k) {
  Cell c[4];
  for (int i = 0; i < 4; i++) { c[i].v = v0[i]; c[i].hits = 0; }
  return step(c, 4, idx, k, a);
}

int main(void) {
  const double v0[4] = {0.4, -0.3, 0.9, 1.2};
  const int idx[6] = {0, 2, 0, 1, 2, 0};
  Cell c[4], dc[4];
  for (int i = 0; i < 4; i++) { c[i].v = v0[i]; c[i].hits = 0; dc[i].v = 0; dc[i].hits = 0; }
  double da = __enzyme_autodiff((void *)step, enzyme_dup, c, dc, enzyme_const, 4,
                                enzyme_const, idx, enzyme_const, 6, enzyme_out, 0.25);
  const double h = 1e-6;
  for (int i = 0; i < 4; i++) {
    double vp[4], vm[4];
    for (int j = 0; j < 4; j++) vp[j] = vm[j] = v0[j];
    vp[i] += h; vm[i] -= h;
    check("dv", i, dc[i].v, (eval(vp, 0.25, idx, 6) - eval(vm, 0.25, idx, 6)) / (2 * h));
    check("hits", i, c[i].hits, i == 0 ? 3 : i == 2 ? 2 : i == 1 ? 1 : 0);
  }
  check("da", 0, da, (eval(v0, 0.25 + h, idx, 6) - eval(v0, 0.25 - h, idx, 6)) / (2 * h));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
