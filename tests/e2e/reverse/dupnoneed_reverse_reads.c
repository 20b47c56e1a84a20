// Reverse mode leaves out the stores through a restrict enzyme_dupnoneed
// output nobody reads.  Outputs read back after all: through a pointer
// walking the output in a loop (a phi), through memcpy into a local, by a
// helper handed a pointer into the middle of it, and through a pointer
// chosen by a select between the output and a local.  Each keeps its
// stores; the gradient is checked against central differences.
#include <string.h>
#include "../check.h"

extern int enzyme_dupnoneed, enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

#define N 4

static double walked(double *restrict out, const double *restrict x) {
  for (int i = 0; i < N; i++) out[i] = sin(x[i]) * x[i];
  double s = 0;
  for (const double *p = out; p != out + N; p++) s += *p * *p;
  return s;
}

static double copied(double *restrict out, const double *restrict x) {
  double local[N];
  for (int i = 0; i < N; i++) out[i] = exp(x[i] * 0.3);
  memcpy(local, out, sizeof local);
  return local[1] * local[2] + local[3];
}

__attribute__((noinline)) static double tail_sum(const double *p) { return p[0] * p[1]; }

static double handed_middle(double *restrict out, const double *restrict x) {
  for (int i = 0; i < N; i++) out[i] = x[i] * x[(i + 1) % N];
  return tail_sum(out + 2);
}

static double selected(double *restrict out, const double *restrict x, int pick) {
  double local[N] = {1, 2, 3, 4};
  for (int i = 0; i < N; i++) out[i] = cos(x[i]);
  double *p = pick ? out : local;
  return p[0] * x[0] + p[3];
}

static int which;
static double at(double *x) {
  double out[N];
  switch (which) {
  case 0: return walked(out, x);
  case 1: return copied(out, x);
  case 2: return handed_middle(out, x);
  default: return selected(out, x, which - 3);
  }
}

#define GRAD(k, ...) do { double x[N] = {0.3, -0.7, 1.1, 0.5}, dx[N] = {0}, out[N], dout[N] = {0}; \
    which = k; __enzyme_autodiff(__VA_ARGS__); bad += check_gradient(#k, x, dx, N, at); } while (0)

int main(void) {
  int bad = 0;
  GRAD(0, (void *)walked, enzyme_dupnoneed, out, dout, enzyme_dup, x, dx);
  GRAD(1, (void *)copied, enzyme_dupnoneed, out, dout, enzyme_dup, x, dx);
  GRAD(2, (void *)handed_middle, enzyme_dupnoneed, out, dout, enzyme_dup, x, dx);
  GRAD(3, (void *)selected, enzyme_dupnoneed, out, dout, enzyme_dup, x, dx, enzyme_const, 0);
  GRAD(4, (void *)selected, enzyme_dupnoneed, out, dout, enzyme_dup, x, dx, enzyme_const, 1);
  return bad != 0;
}
