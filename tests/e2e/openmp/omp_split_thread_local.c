// CFLAGS: -fopenmp
// Split mode (augmented forward, then reverse with its tape) of a function
// keeping its running sum in a thread_local variable, one split gradient
// per OpenMP thread: each thread's shadow of that variable must be its own
// between the two calls, or the threads' adjoints mix.  Each gradient
// against its closed form: f(x) = (sum_i (i+1) x_i^2) * x_0, seed 1.5.
#include <math.h>
#include <stdio.h>
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
extern int enzyme_dup;
#define N 8
#define POINTS 4000

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
    void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx);
    running = 100.0 + p;  // the thread's own value changes between the sweeps
    __enzyme_reverse((void *)f, enzyme_dup, x, dx, 1.5, tape);
    double s = 0;
    for (int i = 0; i < N; i++) s += (i + 1) * x[i] * x[i];
    for (int i = 0; i < N; i++) {
      double want = 1.5 * (2 * (i + 1) * x[i] * x[0] + (i == 0 ? s : 0));
      if (!(fabs(dx[i] - want) <= 1e-12 * (1 + fabs(want)))) {
        if (bad < 3) printf("MISMATCH point %d dx[%d]: got %.17g, want %.17g\n", p, i, dx[i], want);
        bad++;
      }
    }
  }
  printf("%s (%d wrong)\n", bad ? "FAIL" : "ok", bad);
  return bad != 0;
}
