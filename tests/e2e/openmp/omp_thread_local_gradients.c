// CFLAGS: -fopenmp
// Gradients taken in parallel, one per thread, of a function keeping its
// running sum in a thread_local variable: each thread's derivative of that
// variable must be its own (a thread_local shadow), or the threads' adjoints
// mix; in split mode (augmented forward, then reverse with its tape, seed
// 1.5) too.  Each gradient against its closed form: f(x) = (sum_i (i+1) x_i^2) * x_0.
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
extern int enzyme_dup;
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
    // Split mode too: the thread's shadow of the variable must stay its own
    // between the sweeps, while the thread changes the variable itself.
    double split_dx[N] = {0};
    void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, x, split_dx);
    running = 100.0 + p;
    __enzyme_reverse((void *)f, enzyme_dup, x, split_dx, 1.5, tape);
    double s = 0;
    for (int i = 0; i < N; i++) s += (i + 1) * x[i] * x[i];
    for (int i = 0; i < N; i++) {
      double want = 2 * (i + 1) * x[i] * x[0] + (i == 0 ? s : 0);
      if (fabs(dx[i] - want) > 1e-9 * (1 + fabs(want))) bad++;
      if (!(fabs(split_dx[i] - 1.5 * want) <= 1e-12 * (1 + fabs(1.5 * want)))) bad++;
    }
  }
  if (bad) {
    printf("MISMATCH: %d gradient entries wrong\n", bad);
    return 1;
  }
  printf("ok\n");
  return 0;
}
