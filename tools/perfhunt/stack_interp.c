// A tiny expression interpreter: a switch over integer opcodes (push
// parameter, push x, add, mul, sin, exp) driving a value stack held in a
// local array, the same program run at every data point; squared error
// against targets.  The program's parameters active.
#define PH_REPS 10
#include "ph.h"
enum { PUSH_P, PUSH_X, ADD, MUL, SIN, EXP, NEG };
// p0 * sin(p1 * x + p2) + exp(-p3 * x * x) * p4
static const int prog[] = {PUSH_P, PUSH_P, PUSH_X, MUL, PUSH_P, ADD, SIN, MUL,
                           PUSH_P, PUSH_X, MUL, PUSH_X, MUL, NEG, EXP, PUSH_P, MUL, ADD};
#define NOPS ((int)(sizeof prog / sizeof prog[0]))
#define NP 5
#define NX 20000
PH_VECTOR_INPUTS(NP)
static double xs[NX], ys[NX];
double interp_loss(const int *code, int nops, const double *p, const double *x, const double *y, int n) {
  double loss = 0;
  for (int i = 0; i < n; i++) {
    double st[8];
    int sp = 0, pi = 0;
    for (int k = 0; k < nops; k++) {
      switch (code[k]) {
      case PUSH_P: st[sp++] = p[pi++]; break;
      case PUSH_X: st[sp++] = x[i]; break;
      case ADD: sp--; st[sp - 1] += st[sp]; break;
      case MUL: sp--; st[sp - 1] *= st[sp]; break;
      case SIN: st[sp - 1] = sin(st[sp - 1]); break;
      case EXP: st[sp - 1] = exp(st[sp - 1]); break;
      case NEG: st[sp - 1] = -st[sp - 1]; break;
      }
    }
    double r = st[0] - y[i];
    loss += r * r;
  }
  return loss;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) {
  X[0] = 1.1, X[1] = 0.7, X[2] = 0.2, X[3] = 0.5, X[4] = -0.3;
  for (int i = 0; i < NX; i++) xs[i] = 3 * sin(0.001 * i), ys[i] = sin(0.8 * xs[i]) + 0.1 * cos(3 * xs[i]);
}
static void ph_grad(void) {
  memset(DX, 0, sizeof DX);
  __enzyme_autodiff((void *)interp_loss, enzyme_const, prog, enzyme_const, NOPS, enzyme_dup, X, DX, enzyme_const, xs,
                    enzyme_const, ys, enzyme_const, NX);
}
static double ph_primal(void) { return interp_loss(prog, NOPS, X, xs, ys, NX); }
