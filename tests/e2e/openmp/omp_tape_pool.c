// CFLAGS: -fopenmp
// One gradient called again and again, with tapes of very different sizes
// and teams of 1 to 3 threads: each thread's tape memory of a parallel
// region goes back to the thread's pool at the end of its reverse sweep and
// the next forward sweep starts in it (tape.py, the pool).  A pooled buffer
// smaller than the next region needs grows; one larger is reused; a thread
// that joins later starts with an empty pool; a region that records nothing
// pools nothing.  Every call is checked by central differences.
#include <math.h>
#include <stdio.h>

#include "../check.h"

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void omp_set_num_threads(int);

enum { MAXN = 4000, STEPS = 2 };

void relax(double *u, double *tmp, int n) {
  for (int s = 0; s < STEPS; s++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      double l = u[i > 0 ? i - 1 : n - 1];
      tmp[i] = u[i] + 0.2 * sin(l * u[i]) + 0.1 * exp(-u[i] * u[i]);
    }
#pragma omp parallel for
    for (int i = 0; i < n; i++) u[i] = 0.5 * tmp[i];  // records nothing per point
  }
}

static double x[MAXN], w[MAXN], u[MAXN], du[MAXN], tmp[MAXN], dtmp[MAXN];

static double loss(int n) {
  for (int i = 0; i < n; i++) u[i] = x[i];
  relax(u, tmp, n);
  double s = 0;
  for (int i = 0; i < n; i++) s += w[i] * u[i];
  return s;
}

static int failures;

static void gradient_checked(int n, int threads) {
  omp_set_num_threads(threads);
  for (int i = 0; i < n; i++) { u[i] = x[i]; du[i] = w[i]; dtmp[i] = 0; }
  __enzyme_autodiff((void *)relax, enzyme_dup, u, du, enzyme_dup, tmp, dtmp, enzyme_const, n);
  double grad[5];
  int at[5] = {0, 1, n / 3, n / 2, n - 1};
  for (int k = 0; k < 5; k++) grad[k] = du[at[k]];
  for (int k = 0; k < 5; k++) {
    char what[40];
    snprintf(what, sizeof what, "n=%d threads=%d du", n, threads);
    failures += !check_close(what, at[k], grad[k], CENTRAL_DIFFERENCE(x[at[k]], 1e-6, loss(n)));
  }
}

int main(void) {
  for (int i = 0; i < MAXN; i++) {
    x[i] = 0.3 + 0.4 * sin(0.7 * i);
    w[i] = 1.0 + 0.25 * cos(0.3 * i);
  }
  int sizes[] = {40, MAXN, 7, MAXN, 300, 2, MAXN / 2};
  int teams[] = {1, 1, 2, 3, 2, 3, 1};
  for (int k = 0; k < 7; k++) gradient_checked(sizes[k], teams[k]);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
