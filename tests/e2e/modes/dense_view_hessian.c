// A sparse Hessian through dense views (__enzyme_todense): forward mode over
// a gradient, the direction e_j a view computed on the fly, the gradient's
// shadow a view whose store appends (j, k, value) to a list of triplets
// and whose load reads 0, so that each `g[k] += d` hands on its increment.
// The positions are a ring: a view of x whose index n wraps to 0, put in
// the variable that held x (at -O0 a slot written twice, with -g).
// CFLAGS: -g
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
double *__enzyme_todense(void *, void *, ...);

enum { N = 7, MAX = 4 * N * N };
typedef struct { long row[MAX], col[MAX]; double val[MAX]; int count; } triplets;

static double energy(long n, const double *x) {     // springs of rest length 1
  double e = 0;
  for (long i = 0; i < n; i++) {
    double d = x[i + 1] - x[i];
    e += (sqrt(d * d) - 1) * (sqrt(d * d) - 1) + 0.25 * x[i] * x[i] * x[i] * x[i];
  }
  return e;
}
static void gradient(long n, const double *x, double *g) {
  __enzyme_autodiff((void *)energy, enzyme_const, n, enzyme_dup, x, g);
}
static double ring_load(long offset, const double *x, long n) { return x[offset / 8 % n]; }
static void no_store(double v, long offset, const double *x, long n) { abort(); }
static double unit_load(long offset, long j, long n) {
  return (double)(offset / 8 % n == j);
}
static void unit_store(double v, long offset, long j, long n) { abort(); }
static double zero_load(long offset, long row, triplets *t) { return 0; }
static void append_store(double v, long offset, long row, triplets *t) {
  if (v == 0) return;
  if (t->count == MAX) abort();
  t->row[t->count] = row, t->col[t->count] = offset / 8, t->val[t->count++] = v;
}

int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = 0.3 * i * i + 0.1 * i;
  static triplets t;
  long n = N;
  double *ring = x;
  ring = __enzyme_todense((void *)ring_load, (void *)no_store, ring, n);
  for (long j = 0; j < N; j++) {
    double *dir = __enzyme_todense((void *)unit_load, (void *)unit_store, j, n);
    double *column = __enzyme_todense((void *)zero_load, (void *)append_store, j, &t);
    __enzyme_fwddiff((void *)gradient, enzyme_const, n, enzyme_dup, ring, dir,
                     enzyme_dupnoneed, (double *)0x1, column);
  }
  double h[N][N] = {{0}};
  for (int k = 0; k < t.count; k++) h[t.row[k]][t.col[k] % N] += t.val[k];
  int bad = 0;
  for (int i = 0; i < N; i++)        // d2E/dx_i dx_j: 2 per spring end, 3 x^2 on the diagonal
    for (int j = 0; j < N; j++) {
      int next = (i + 1) % N == j, prev = (j + 1) % N == i;
      double want = i == j ? 4 + 3 * x[i] * x[i] : -2.0 * (next + prev);
      if (fabs(h[j][i] - want) > 1e-12 * (1 + fabs(want))) {
        printf("MISMATCH H[%d][%d]: got %.17g, want %.17g\n", i, j, h[j][i], want);
        bad = 1;
      }
    }
  return bad;
}
