/* Globals pointing into themselves and each other, and a split chain
 * through a global array indexed by an argument.  A struct whose pointer
 * field points at its own array field (s.cur = &s.v[1]) and a ring of
 * nodes (ring[k].next = &ring[k + 1]) in the initializers: the shadows'
 * initializers must point into the shadows the same way.  Two
 * __enzyme_augmentfwd calls of a step updating G[k], then their reverses
 * in the other order, with the same k (the adjoint of G[k] passes from the
 * second reverse to the first) and with different ones.  Guards the
 * clearing of shadow globals: at the forward halves only. */
#include <stdio.h>
#include <math.h>
#include "../check.h"
extern int enzyme_dup, enzyme_const;
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double G[4] = {0.5, 1.5, 2.5, 3.5};
__attribute__((noinline)) void step(double *y, double x, int k) {
  G[k & 3] = G[k & 3] * x + sin(x);
  y[0] = G[k & 3] * G[(k + 1) & 3];
}
struct S { double v[2]; double *cur; double w; } s = {{1, 2}, &s.v[1], 0.5};
__attribute__((noinline)) double f(double x) {
  s.w = x;
  *s.cur = x * s.w;            /* into s.v[1] */
  return s.v[1] * x + s.v[0];  /* x^3 + v0 -> 3x^2 */
}
struct node { double val; struct node *next; } ring[3] = {{1, &ring[1]}, {2, &ring[2]}, {3, &ring[0]}};
__attribute__((noinline)) double walk(double x, int steps) {
  struct node *n = &ring[0];
  n->val = x;
  double s = 0;
  for (int i = 0; i < steps; i++) { n = n->next; n->val = n->val * x; s += n->val; }
  return s;
}
int main(void) {
  int bad = 0;
  for (int same = 0; same < 2; same++) {
    for (int j = 0; j < 4; j++) G[j] = 0.5 + j;
    double g0[4]; for (int j = 0; j < 4; j++) g0[j] = G[j];
    int k1 = 0, k2 = same ? 0 : 2;
    double x1 = 0.7, x2 = 1.3, y1[1], y2[1], dy1[1] = {0}, dy2[1] = {0};
    void *t1 = __enzyme_augmentfwd((void *)step, enzyme_dup, y1, dy1, x1, enzyme_const, k1);
    void *t2 = __enzyme_augmentfwd((void *)step, enzyme_dup, y2, dy2, x2, enzyme_const, k2);
    dy1[0] = 1; dy2[0] = 1;
    double d2 = __enzyme_reverse((void *)step, enzyme_dup, y2, dy2, x2, enzyme_const, k2, t2);
    double d1 = __enzyme_reverse((void *)step, enzyme_dup, y1, dy1, x1, enzyme_const, k1, t1);
    /* total L = y1 + y2, by central differences on copies */
    double h = 1e-6, L[2][2];
    for (int which = 0; which < 2; which++) for (int s = 0; s < 2; s++) {
      double g[4]; for (int j = 0; j < 4; j++) g[j] = g0[j];
      double a = x1 + (which == 0 ? (s ? -h : h) : 0), b = x2 + (which == 1 ? (s ? -h : h) : 0);
      g[k1] = g[k1] * a + sin(a); double v1 = g[k1] * g[(k1 + 1) & 3];
      g[k2] = g[k2] * b + sin(b); double v2 = g[k2] * g[(k2 + 1) & 3];
      L[which][s] = v1 + v2;
    }
    bad += !check_close("d1", same, d1, (L[0][0] - L[0][1]) / (2 * h));
    bad += !check_close("d2", same, d2, (L[1][0] - L[1][1]) / (2 * h));
  }
  double r = __enzyme_autodiff((void *)f, 1.5), t = __enzyme_fwddiff((void *)f, 1.5, 1.0);
  if (r != 6.75 || t != 6.75) printf("MISMATCH self-pointing field: %g %g, want 6.75\n", r, t);
  bad += !(r == 6.75 && t == 6.75);
  for (int k = 0; k < 3; k++) { ring[k].val = k + 1; }
  /* steps = 3: ring1 = 2x, ring2 = 3x, ring0 = x*x ; s = 2x + 3x + x^2 -> 5 + 2x */
  double g = __enzyme_autodiff((void *)walk, 1.5, 3);
  for (int k = 0; k < 3; k++) { ring[k].val = k + 1; }
  double gt = __enzyme_fwddiff((void *)walk, 1.5, 1.0, 3);
  if (g != 8 || gt != 8) printf("MISMATCH ring: %g %g, want 8\n", g, gt);
  bad += !(g == 8 && gt == 8);
  return bad != 0;
}
