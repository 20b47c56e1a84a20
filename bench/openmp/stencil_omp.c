// The gradient of a parallel loop, timed by bench/openmp/run.py with 1 and
// 2 threads.  A 1-D stencil over N points, applied STEPS times; the loss is
// a weighted sum of the result.  Prints wall and CPU seconds of the best
// gradient run, and checks one partial derivative by central differences.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
double omp_get_wtime(void);
int omp_get_max_threads(void);

enum { N = 400000, STEPS = 8, RUNS = 5 };

void smooth(double *u, double *tmp, int n) {
  for (int s = 0; s < STEPS; s++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      double l = u[i > 0 ? i - 1 : i], r = u[i < n - 1 ? i + 1 : i];
      tmp[i] = u[i] + 0.1 * sin(l * r) + 0.05 * exp(-u[i] * u[i]);
    }
#pragma omp parallel for
    for (int i = 0; i < n; i++) u[i] = tmp[i];
  }
}

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double loss(const double *x, const double *w, double *u, double *tmp) {
  for (int i = 0; i < N; i++) u[i] = x[i];
  smooth(u, tmp, N);
  double s = 0;
  for (int i = 0; i < N; i++) s += w[i] * u[i];
  return s;
}

int main(void) {
  double *x = malloc(N * sizeof *x), *w = malloc(N * sizeof *w), *u = malloc(N * sizeof *u);
  double *du = malloc(N * sizeof *u), *tmp = malloc(N * sizeof *u), *dtmp = malloc(N * sizeof *u);
  for (int i = 0; i < N; i++) { x[i] = sin(0.001 * i); w[i] = 1.0 + 0.5 * cos(0.01 * i); }
  double best_wall = 1e30, best_cpu = 1e30, best_primal = 1e30, primal_cpu = 0;
  for (int r = 0; r < RUNS; r++) {
    double c0 = cpu_now(), w0 = omp_get_wtime();
    loss(x, w, u, tmp);
    double pw = omp_get_wtime() - w0;
    if (pw < best_primal) { best_primal = pw; primal_cpu = cpu_now() - c0; }
    for (int i = 0; i < N; i++) { u[i] = x[i]; du[i] = w[i]; dtmp[i] = 0; }
    c0 = cpu_now();
    w0 = omp_get_wtime();
    __enzyme_autodiff((void *)smooth, enzyme_dup, u, du, enzyme_dup, tmp, dtmp, enzyme_const, N);
    double wall = omp_get_wtime() - w0, cpu = cpu_now() - c0;
    if (wall < best_wall) { best_wall = wall; best_cpu = cpu; }
  }
  int k = N / 3;
  double h = 1e-6, keep = x[k];
  x[k] = keep + h; double up = loss(x, w, u, tmp);
  x[k] = keep - h; double down = loss(x, w, u, tmp);
  x[k] = keep;
  double fd = (up - down) / (2 * h);
  // The loss sums N terms: the difference quotient carries their rounding.
  int ok = fabs(du[k] - fd) <= 1e-4 * (1 + fabs(fd));
  printf("check du[%d]: %.17g vs %.17g\n", k, du[k], fd);
  if (!ok) printf("MISMATCH du[%d]: got %.17g, want %.17g\n", k, du[k], fd);
  printf("RESULT threads=%d primal_wall_s=%.4f primal_cpu_s=%.4f gradient_wall_s=%.4f "
         "gradient_cpu_s=%.4f check=%s\n", omp_get_max_threads(), best_primal, primal_cpu,
         best_wall, best_cpu, ok ? "ok" : "FAIL");
  return ok ? 0 : 1;
}
