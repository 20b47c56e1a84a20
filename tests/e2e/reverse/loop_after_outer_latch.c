/* A loop entered straight from an outer loop's latch (matdescent's shape:
 * the row loop of a matrix-vector product exits into a sum of squares).
 * The latch runs once per row, but the sum loop runs once per call, so its
 * counter is not saved per run of it (the save ran once per row).  Beside
 * it, the shape that must keep the save: the same nest inside a repeat
 * loop, whose sum loop runs three times with three different counts, so
 * each run's reverse needs its own last index back.  Closed forms. */
#include "../check.h"

#define N 100

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

double matvec_sq(const double *m, const double *v) {
  double out[N];
  for (int i = 0; i < N; i++) {
    out[i] = 0;
    for (int j = 0; j < N; j++) out[i] += m[i * N + j] * v[j];
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i] * out[i];
  return s;
}

double repeated(const double *m, const double *v) {
  double total = 0;
  for (int r = 1; r <= 3; r++) {
    double out[N];
    for (int i = 0; i < N; i++) {
      out[i] = 0;
      for (int j = 0; j < N; j++) out[i] += m[i * N + j] * v[j];
    }
    for (int i = 0; i < N - 20 * r; i++) total += r * out[i] * out[i];
  }
  return total;
}

static double m[N * N], dm[N * N], v[N], row[N];

int main(void) {
  for (int k = 0; k < N * N; k++) m[k] = 0.01 * ((k * 37) % 101) - 0.5;
  for (int j = 0; j < N; j++) v[j] = 0.02 * ((j * 13) % 29) - 0.25;
  for (int i = 0; i < N; i++) {
    row[i] = 0;
    for (int j = 0; j < N; j++) row[i] += m[i * N + j] * v[j];
  }
  int ok = 1;
  __enzyme_autodiff((void *)matvec_sq, enzyme_dup, m, dm, enzyme_const, v);
  for (int k = 0; k < N * N; k++) {   /* d/dm[i][j] = 2 out[i] v[j] */
    ok &= check_close("matvec_sq", k, dm[k], 2 * row[k / N] * v[k % N]);
    dm[k] = 0;
  }
  __enzyme_autodiff((void *)repeated, enzyme_dup, m, dm, enzyme_const, v);
  for (int k = 0; k < N * N; k++) {   /* sum over the runs whose count covers row i */
    int i = k / N, runs = 0;
    for (int r = 1; r <= 3; r++) runs += i < N - 20 * r ? r : 0;
    ok &= check_close("repeated", k, dm[k], 2 * runs * row[i] * v[k % N]);
  }
  return ok ? 0 : 1;
}
