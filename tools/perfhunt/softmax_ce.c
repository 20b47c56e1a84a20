// Softmax cross-entropy over a batch of logits rows.
#define PH_REPS 20
#include "ph.h"
#define B 200
#define C 100
static double X[B * C], DX[B * C];
static int label[B];
PH_ARRAY_INPUTS(X, DX, B * C)
double f(const double *z, const int *label, int b, int c) {
  double loss = 0;
  for (int i = 0; i < b; i++) {
    const double *r = z + i * c;
    double m = r[0];
    for (int j = 1; j < c; j++) m = r[j] > m ? r[j] : m;
    double s = 0;
    for (int j = 0; j < c; j++) s += exp(r[j] - m);
    loss += log(s) + m - r[label[i]];
  }
  return loss / b;
}
double __enzyme_autodiff(void *, ...);
static void ph_setup(void) { for (int i = 0; i < B * C; i++) X[i] = sin(0.37 * i) * 3; for (int i = 0; i < B; i++) label[i] = (i * 13) % C; }
static void ph_grad(void) { memset(DX, 0, sizeof DX); __enzyme_autodiff((void *)f, enzyme_dup, X, DX, enzyme_const, label, enzyme_const, B, enzyme_const, C); }
static double ph_primal(void) { return f(X, label, B, C); }
