// A global array that an outer loop updates in place while an inner loop
// reads all of it (a Gauss-Seidel sweep): the gradient undoes the stores to
// the global on its way back, reads it again, and replays the stores, so
// afterwards the global holds what a plain call leaves.  Checked against
// central differences.
//   relax(x, n, reps): state_i = x (i+1) / n; reps times, for each i:
//     state_i = state_i / 2 + sin(sum_k c_ik state_k^2) / 10;  returns sum_i state_i^2
#include <math.h>
#include <stdio.h>
#include <string.h>

double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

enum { MAX = 8, N = 6, REPS = 4 };
double state[MAX];

double relax(double x, int n, int reps) {
  for (int i = 0; i < n; i++) state[i] = x * (i + 1) / n;
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int k = 0; k < n; k++) s += (0.3 + 0.1 * ((i + k) % 3)) * state[k] * state[k];
      state[i] = 0.5 * state[i] + 0.1 * sin(s);
    }
  double r = 0.0;
  for (int i = 0; i < n; i++) r += state[i] * state[i];
  return r;
}

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 0.8, h = 1e-6;
  relax(x, N, REPS);
  double want[MAX];
  memcpy(want, state, sizeof want);
  memset(state, 0, sizeof state);
  double dx = __enzyme_autodiff((void *)relax, x, enzyme_const, N, enzyme_const, REPS);
  for (int i = 0; i < N; i++) check("state after the gradient", state[i], want[i], 1e-15);
  double fd = (relax(x + h, N, REPS) - relax(x - h, N, REPS)) / (2 * h);
  check("d relax / dx", dx, fd, 1e-6);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
