// CFLAGS: -fopenmp
// Gradients taken in parallel, one per thread, of a function keeping its
// running sum in a thread_local variable: each thread's derivative of that
// variable must be its own (a thread_local shadow), or the threads' adjoints
// mix.  Each gradient against its closed form: f(x) = (sum_i (i+1) x_i^2) * x_0.
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
#define N 8
#define POINTS 20000

static _Thread_local double running;

double f(double *x) {
  running = 0;
  for (int i = 0; i < N; i++) running += (i + 1) * x[i] * x[i];
  return running * x[0];
}

int main(void) {
  int bad = 0;
#pragma omp parallel for reduction(+ : bad) schedule(static, 1)
  for (int p = 0; p < POINTS; p++) {
    double x[N], dx[N] = {0};
    for (int i = 0; i < N; i++) x[i] = 0.1 * ((p + 3 * i) % 17) - 0.7;
    __enzyme_autodiff((void *)f, x, dx);
    double s = 0;
    for (int i = 0; i < N; i++) s += (i + 1) * x[i] * x[i];
    for (int i = 0; i < N; i++) {
      double want = 2 * (i + 1) * x[i] * x[0] + (i == 0 ? s : 0);
      if (fabs(dx[i] - want) > 1e-9 * (1 + fabs(want))) bad++;
    }
  }
  if (bad) {
    printf("MISMATCH: %d gradient entries wrong\n", bad);
    return 1;
  }
  printf("ok\n");
  return 0;
}
