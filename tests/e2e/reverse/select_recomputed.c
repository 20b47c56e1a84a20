/* A float select in a loop whose two values the reverse pass has without a
 * slot (at hand, or cheap floats of values at hand) is rebuilt there from
 * its condition, an i1 taped instead of the double: signed_square (v or -v,
 * v = x[i]^2 of memory read only; 8 tape bytes per iteration before, 0
 * after at -O2) and, under -ffast-math, pinball's q - 1 or q.  Nearby shapes
 * that keep their values: pinball without fast-math (a select of two
 * products of the residual), a select of a value read from memory the loop
 * then overwrites (in place), and a running value that picks its branch.
 * Trip counts are read at run time: constant ones unroll and tape nothing.
 * Gradients against central differences. */
#include "../check.h"
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define NS 7
#define D 3
static double A[NS * D], Y[NS], Q = 0.3;
static volatile int ns_volatile = NS, d_volatile = D;
static int ns, d;

/* pinball: select(r < 0, q - 1, q) * r, r = y - w.a */
static double pinball(double *w) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double p = 0;
    for (int j = 0; j < d; j++) p += w[j] * A[i * d + j];
    double r = Y[i] - p;
    s += (r >= 0 ? Q : Q - 1) * r;
  }
  return s;
}

/* in place: t = x[i] > 0 ? x[i] : 0.5 x[i] read before x[i] is overwritten */
static double leaky_in_place(double *x) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double t = x[i] > 0 ? x[i] : 0.5 * x[i];
    x[i] = t * t;
    s += x[i] * (1 + i) + t;
  }
  return s;
}

/* condition at hand (a constant array), values computed from the inputs */
static double signed_square(double *x) {
  double s = 0;
  for (int i = 0; i < ns; i++) {
    double v = x[i] * x[i];
    s += (Y[i] > 0 ? v : -v) * x[(i + 1) % ns];
  }
  return s;
}

/* a running value picks its branch: the condition changes each iteration */
static double clipped_walk(double *x) {
  double y = 0.1, s = 0;
  for (int i = 0; i < ns; i++) {
    y = y * x[i] > 0.2 ? 0.2 + 0.1 * y : y * x[i] + 0.05;
    s += y * y;
  }
  return s;
}

int main(void) {
  ns = ns_volatile, d = d_volatile;
  for (int k = 0; k < NS * D; k++) A[k] = 0.7 * ((k * 37) % 11) / 11.0 - 0.3;
  for (int i = 0; i < NS; i++) Y[i] = (i % 3 == 0 ? -0.4 : 0.5) + 0.1 * i;
  int bad = 0;
  double w[D] = {0.4, -0.2, 0.7}, dw[D] = {0};
  __enzyme_autodiff((void *)pinball, enzyme_dup, w, dw);
  bad += check_gradient("pinball", w, dw, D, pinball);
  double x[NS] = {0.8, -0.3, 1.2, -1.5, 0.4, -0.05, 2.0}, dx[NS] = {0}, xc[NS];
  for (int i = 0; i < NS; i++) xc[i] = x[i];
  __enzyme_autodiff((void *)leaky_in_place, enzyme_dup, xc, dx);
  bad += check_gradient_copied("leaky_in_place", x, dx, NS, leaky_in_place);
  double dx2[NS] = {0};
  __enzyme_autodiff((void *)signed_square, enzyme_dup, x, dx2);
  bad += check_gradient("signed_square", x, dx2, NS, signed_square);
  double z[NS] = {1.5, 0.9, 3.0, -0.5, 1.1, 2.5, 0.7}, dz[NS] = {0};
  __enzyme_autodiff((void *)clipped_walk, enzyme_dup, z, dz);
  bad += check_gradient("clipped_walk", z, dz, NS, clipped_walk);
  return bad != 0;
}
