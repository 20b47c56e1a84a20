// Matrix products without restrict in clang's default -O2 shape: the inner
// loop unrolled by 4 with a remainder loop (no -fno-unroll-loops).  The
// gradient of the dot-product order is versioned on aliasing, the accesses
// bounded in a rerolled copy (ad/versioning.py): sizes 1..9 run the
// remainder alone, the unrolled loop alone and both.  A, B and C lie in one
// buffer: apart, touching (no gap between them: the bounds must be exact),
// C overlapping the last row of B, and C == B.  Every partial derivative of
// sum(W .* C) w.r.t. the buffer's initial contents is checked against a
// central difference.  The row-wise order (i, l, j) is checked the same way.
#include <math.h>
#include <stdio.h>
#include <string.h>

extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);

enum { NMAX = 9, MEM = 3 * NMAX * NMAX + 8 };

void dot_order(const double *A, const double *B, double *C, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int l = 0; l < n; l++) s += A[i * n + l] * B[l * n + j];
      C[i * n + j] = s;
    }
}

void row_order(const double *A, const double *B, double *C, int n) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < n; l++)
      for (int j = 0; j < n; j++) C[i * n + j] += A[i * n + l] * B[l * n + j];
}

typedef void product(const double *, const double *, double *, int);
typedef void gradient(double *, double *, double *, double *, double *, double *, int);

#define GRADIENT(f)                                                                          \
  __attribute__((noinline)) static void grad_##f(double *a, double *da, double *b,         \
                                                 double *db, double *c, double *dc, int n) { \
    __enzyme_autodiff((void *)f, enzyme_dup, a, da, enzyme_dup, b, db, enzyme_dup, c, dc, n); \
  }
GRADIENT(dot_order)
GRADIENT(row_order)
static int failures;

// sum(W .* C) after the product, from the buffer's contents `mem0`.
static double loss(product *f, const double *mem0, const int *off, int n) {
  double mem[MEM];
  memcpy(mem, mem0, sizeof mem);
  f(mem + off[0], mem + off[1], mem + off[2], n);
  double s = 0.0;
  for (int k = 0; k < n * n; k++) s += (0.5 + 0.25 * (k % 3)) * mem[off[2] + k];
  return s;
}

static void check(const char *name, product *f, gradient *g, const int *off, int n) {
  double mem0[MEM], mem[MEM], dmem[MEM] = {0};
  for (int k = 0; k < MEM; k++) mem0[k] = 0.3 + 0.01 * k - 0.0007 * k * (k % 5);
  memcpy(mem, mem0, sizeof mem);
  for (int k = 0; k < n * n; k++) dmem[off[2] + k] = 0.5 + 0.25 * (k % 3);
  g(mem + off[0], dmem + off[0], mem + off[1], dmem + off[1], mem + off[2], dmem + off[2], n);
  double after[MEM];
  memcpy(after, mem0, sizeof after);
  f(after + off[0], after + off[1], after + off[2], n);
  const double h = 1e-6;
  for (int k = 0; k < MEM; k++) {
    double p[MEM], m[MEM];
    memcpy(p, mem0, sizeof p), memcpy(m, mem0, sizeof m);
    p[k] += h, m[k] -= h;
    double want = (loss(f, p, off, n) - loss(f, m, off, n)) / (2 * h);
    if (!(fabs(dmem[k] - want) <= 1e-6 * (1.0 + fabs(want))) || mem[k] != after[k]) {
      printf("MISMATCH %s n=%d offsets %d %d %d: d/dmem[%d] got %.17g, want %.17g "
             "(primal %.17g, want %.17g)\n", name, n, off[0], off[1], off[2], k, dmem[k],
             want, mem[k], after[k]);
      failures++;
    }
  }
}

int main(void) {
  for (int n = 1; n <= NMAX; n++) {
    int sq = n * n;
    int layouts[4][3] = {{0, sq + 3, 2 * sq + 7},       // apart
                         {0, sq, 2 * sq},               // touching
                         {0, sq, 2 * sq - n},           // C starts on B's last row
                         {0, sq, sq}};                  // C is B
    for (int k = 0; k < 4; k++) {
      check("dot_order", dot_order, grad_dot_order, layouts[k], n);
      check("row_order", row_order, grad_row_order, layouts[k], n);
    }
  }
  return failures != 0;
}
