// sin(x) (cos(x)) read back by another adjoint in its own block is
// recomputed in the reverse pass beside its rule's cos(x) (sin(x)), which
// LLVM joins into one sincos call.  Shapes: the argument at hand (an
// argument, a load of unwritten memory, a small expression), one taped (a
// value the loop overwrites), both functions in the forward pass, the
// reader in another block, float, and a loop over all of them.  And where
// the forward pass needs cos(x) anyway (a quadrature sum that an active
// factor scales before it is squared: cache_policy `_flows_to_return`
// fails), it is kept, and the reverse pass calls sin(x) alone.
#include <math.h>
#include <stdio.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
float __enzyme_autodifff(void *, ...);
void __enzyme_autodiff_ptr(void *, ...);

double at_hand(double x) { return sin(x) * exp(x) + cos(2 * x + 1) * x; }
double both(double x) { return sin(x) * cos(x) * x; }
double other_block(double x, int b) { double s = sin(x); return b ? s * x : s + x; }
float in_float(float x) { return sinf(x) * expf(x) + cosf(x) * x; }

double loop(double *v, int n) {       // v[i] overwritten: its old value is taped
  double t = 0;
  for (int i = 0; i < n; i++) {
    double a = v[i], u = a * a + 0.5;
    t += sin(a) * a + cos(u) * u + sin(3 * a + v[(i + 1) % n]) * t;
    v[i] = t;
  }
  return t;
}

static const double node[3] = {-0.7745966692414834, 0.0, 0.7745966692414834};
static const double weight[3] = {0.5555555555555556, 0.8888888888888888, 0.5555555555555556};
int nodes = 3;                        // read from memory: the node loop stays a loop
double quadrature(double *p) {        // p[0..2] parameters, p[3..7] interval ends
  double loss = 0;
  for (int i = 0; i < 4; i++) {
    double a = p[3 + i], b = p[4 + i], half = 0.5 * (b - a), mid = 0.5 * (a + b), s = 0;
    for (int k = 0; k < nodes; k++) {
      double t = mid + half * node[k];
      s += weight[k] * p[0] * exp(-p[1] * t) * cos(p[2] * t);
    }
    double r = half * s - 0.1 * i;
    loss += r * r;
  }
  return loss;
}

static double copy[5];
static double loop_fresh(double *v) { for (int i = 0; i < 5; i++) copy[i] = v[i]; return loop(copy, 5); }

int main(void) {
  int bad = 0;
  double xs[] = {0.3, -1.7, 2.5, 0.0};
  for (int k = 0; k < 4; k++) {
    double x = xs[k];
    bad += !check_close("at_hand", k, __enzyme_autodiff((void *)at_hand, x),
                        cos(x) * exp(x) + sin(x) * exp(x) - 2 * sin(2 * x + 1) * x + cos(2 * x + 1));
    bad += !check_close("both", k, __enzyme_autodiff((void *)both, x),
                        cos(2 * x) * x + sin(x) * cos(x));
    for (int b = 0; b < 2; b++)
      bad += !check_close("other_block", 2 * k + b,
                          __enzyme_autodiff((void *)other_block, x, enzyme_const, b),
                          b ? cos(x) * x + sin(x) : cos(x) + 1);
    float xf = (float)x;
    double wf = cos(xf) * exp(xf) + sin(xf) * exp(xf) - sin(xf) * xf + cos(xf);
    if (fabs(__enzyme_autodifff((void *)in_float, xf) - wf) > 1e-5 * (1 + fabs(wf))) {
      printf("MISMATCH in_float[%d]\n", k);
      bad++;
    }
  }
  double v[5] = {0.4, -0.3, 1.1, 0.8, -1.2}, dv[5] = {0}, w[5];
  for (int i = 0; i < 5; i++) w[i] = v[i];
  __enzyme_autodiff_ptr((void *)loop, enzyme_dup, w, dv, enzyme_const, 5);
  bad += check_gradient("loop", v, dv, 5, loop_fresh);
  double q[8] = {1.3, 0.2, 2.1, 0.0, 0.4, 0.9, 1.3, 2.0}, dq[8] = {0};
  __enzyme_autodiff_ptr((void *)quadrature, enzyme_dup, q, dq);
  bad += check_gradient("quadrature", q, dq, 8, quadrature);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
