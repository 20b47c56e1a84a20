// enzyme_nofree on a function whose reverse pass frees what its augmented
// forward allocated: the shadow of a local array a noinline helper reads,
// and a heap block (its free waits for the reverse pass).  The kept tape
// points at both; the first reverse pass freed them and the second read
// freed memory (numbers like 1e200, or a double free; fuzz seed 10060).
// The reverse pass run with enzyme_nofree now leaves them to the last one.
//   f(x) = sum_i w_i sin(t_i) with t = (x0 x1, x1 + x2, x2^2) on the stack,
//        + sum_i x_i^2 h_i with h = exp(x) / 2 on the heap; x0 <- x0 x1 after
// Each reverse pass (seed dx = (1, 0, 0) for the new x0) against central
// differences of F(x) = f(x) + x0_after, twice on one tape, at two points.
#include "../check.h"
#include <stdlib.h>

extern int enzyme_dup, enzyme_nofree, enzyme_const;
typedef struct { void *tape; double primal; } TapeAndDouble;
TapeAndDouble __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

enum { N = 3 };
static const double W[N] = {0.7, -1.3, 0.4};

__attribute__((noinline)) double weighted_sines(const double *t, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += W[i] * sin(t[i]);
  return s;
}

double f(double *x, int n) {
  double t[N] = {x[0] * x[1], x[1] + x[2], x[2] * x[2]};
  double s = weighted_sines(t, n);
  double *h = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) h[i] = 0.5 * exp(x[i]);
  for (int i = 0; i < n; i++) s += x[i] * x[i] * h[i];
  free(h);
  x[0] = x[0] * x[1];
  return s;
}

static double F(double *x0) {
  double x[N] = {x0[0], x0[1], x0[2]};
  double r = f(x, N);
  return r + x[0];
}

int main(void) {
  const double points[2][N] = {{0.3, -0.8, 1.1}, {-0.5, 0.45, 0.2}};
  int bad = 0;
  for (int p = 0; p < 2; p++) {
    double x[N], dx[N], x0[N];
    for (int i = 0; i < N; i++) x[i] = x0[i] = points[p][i];
    dx[0] = 1, dx[1] = dx[2] = 0;
    TapeAndDouble r = __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx, enzyme_const, N);
    bad += !check_close("primal", p, r.primal + x[0], F(x0));
    for (int pass = 0; pass < 2; pass++) {
      dx[0] = 1, dx[1] = dx[2] = 0;
      if (pass == 0)
        __enzyme_reverse((void *)f, enzyme_nofree, enzyme_dup, x, dx, enzyme_const, N, 1.0, r.tape);
      else
        __enzyme_reverse((void *)f, enzyme_dup, x, dx, enzyme_const, N, 1.0, r.tape);
      bad += check_gradient(pass ? "second reverse" : "first reverse (enzyme_nofree)", x0, dx, N, F);
    }
  }
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
