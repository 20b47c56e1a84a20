// Operands that stand twice in one instruction: `x * x` gives x one
// contribution x * (2d) (reverse.py: merge_repeated_operands), where
// `x - x`, `x / x`, `x * x * x` and fused `x * x + x` (llvm.fmuladd at
// -O1 and above, partials x, x, 1) must keep theirs apart.  Rosenbrock's
// chained squares with a constant seed and with other seeds, a float
// square, a square of a loop-carried value, and squares inside loops the
// vectorizer takes (vector squares keep two contributions).
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
