// Operands that stand twice in one instruction: `x * x` gives x one
// contribution x * (2d) where d is the seed times a value fixed for the call
// (repeated_operands.py), where `x - x`, `x / x`, `x * x * x` and fused
// `x * x + x` (llvm.fmuladd at -O1 and above, partials x, x, 1) keep theirs
// apart.  Rosenbrock's chained squares with a constant seed and with other
// seeds, squares chosen by a select and scaled by an argument, a float
// square, a square of a loop-carried value (not merged), a returned square,
// and squares in loops the vectorizer may take.
#include <stdio.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

#define N 37

double rosen(double *x) {
  double s = 0;
  for (int i = 0; i + 1 < N; i++) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

double same_operands(double *x) {
  double d = x[0] - x[0];         // 0, gradient 0
  double q = x[1] / x[1];         // 1, gradient 0 (x[1] != 0)
  double c = x[2] * x[2] * x[2];
  double f = x[3] * x[3] + x[3];  // fmuladd(x, x, x) when contracted
  double t = x[4] + x[4];
  return d * 7 + q * 3 + c + f * 2 + t * x[5] + (x[5] * x[5]) * (x[4] * x[4]);
}

float square_float(float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) s += (x[i] - 0.25f) * (x[i] - 0.25f) * (i + 1);
  return s;
}

static double H = 0.75;
double chosen(double *x, double h) {   // the adjoints of r * r: select(c, h, 0)
  double l = 0;
  for (int i = 0; i < N; i++) {
    double r = x[i] - 0.9, a = r < 0 ? -r : r;
    l += a < 0.3 ? r * r : 0.3 * a;
  }
  return l * h;
}
static double chosen_at(double *x) { return chosen(x, H); }

double returned_square(double *x) { double r = x[0] * x[1] - x[2]; return r * r; }

double carried_square(double *x) {
  double p = 1.0;                   // p squared each step: a loop-carried square
  for (int i = 0; i < 4; i++) p = p * p * 0.5 + x[i];
  return p;
}

double sum_of_squares(double *x) {  // vectorizable at -O2 and -O3
  double s = 0;
  for (int i = 0; i < N; i++) s += x[i] * x[i];
  return s;
}

double scaled_rosen(double *x) { return 2.5 * rosen(x) - rosen(x) * x[3]; }  // other seeds

int main(void) {
  int bad = 0;
  double x[N], dx[N];
  for (int i = 0; i < N; i++) x[i] = 0.4 + 0.7 * ((i * 7) % 11) / 11.0;

  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)rosen, enzyme_dup, x, dx);
  bad += check_gradient("rosen", x, dx, N, rosen);

  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)scaled_rosen, enzyme_dup, x, dx);
  bad += check_gradient("scaled_rosen", x, dx, N, scaled_rosen);

  double y[6] = {1.3, -0.7, 0.9, 1.7, -1.1, 0.6}, dy[6] = {0};
  __enzyme_autodiff((void *)same_operands, enzyme_dup, y, dy);
  bad += check_gradient("same_operands", y, dy, 6, same_operands);

  float fx[N], fdx[N];
  for (int i = 0; i < N; i++) fx[i] = (float)(0.1 + 0.05 * i), fdx[i] = 0;
  __enzyme_autodiff((void *)square_float, enzyme_dup, fx, fdx);
  for (int i = 0; i < N; i++)
    bad += !check_close("square_float", i, fdx[i], 2.0 * (fx[i] - 0.25f) * (i + 1));

  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)chosen, enzyme_dup, x, dx, enzyme_const, H);
  bad += check_gradient("chosen", x, dx, N, chosen_at);

  double q[3] = {0.7, -1.2, 0.4}, dq[3] = {0};
  __enzyme_autodiff((void *)returned_square, enzyme_dup, q, dq);
  bad += check_gradient("returned_square", q, dq, 3, returned_square);

  double c[4] = {0.3, -0.2, 0.5, 0.1}, dc[4] = {0};
  __enzyme_autodiff((void *)carried_square, enzyme_dup, c, dc);
  bad += check_gradient("carried_square", c, dc, 4, carried_square);

  for (int i = 0; i < N; i++) dx[i] = 0;
  __enzyme_autodiff((void *)sum_of_squares, enzyme_dup, x, dx);
  for (int i = 0; i < N; i++) bad += !check_close("sum_of_squares", i, dx[i], 2 * x[i]);

  if (bad) return 1;
  printf("ok\n");
  return 0;
}
