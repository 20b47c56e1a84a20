// Reverse mode, an `enzyme_dupnoneed` output passed as null, without
// restrict, the input, its shadow and the output's seed side by side on
// the stack (dupnoneed_null_no_restrict.c has them malloc'd).  The gradient
// is versioned on aliasing; only the `noalias` version leaves out the
// stores through the null output.  The run-time test bounded the accesses
// of clang's vectorized loop and its remainder by their hull, one element
// past the arrays, so touching arrays looked overlapping: the version that
// keeps the stores ran and the program crashed (rc 139 at clang 14/19
// -O2/-O3).  Sizes 1..9 run the vector loop alone, the remainder alone and
// both.  The nearby shape that must not slip through: an output that
// overlaps the input by one element (enzyme_dup, shadows alike), whose
// gradient is checked against central differences.
#include "../check.h"

extern int enzyme_dupnoneed, enzyme_dup;
void __enzyme_autodiff(void *, ...);

enum { NMAX = 9 };

__attribute__((noinline)) static void squares(double *out, const double *x, int n) {
  for (int i = 0; i < n; i++) out[i] = x[i] * x[i] * (i + 1);
}

static double weight(int i) { return 1 + i % 3; }

// sum_i weight(i) * out[i] after squares(buf + n - 1, buf, n) on a copy of buf
static double shifted(const double *buf, int n) {
  double copy[2 * NMAX], s = 0;
  for (int j = 0; j < 2 * n - 1; j++) copy[j] = buf[j];
  squares(copy + n - 1, copy, n);
  for (int i = 0; i < n; i++) s += weight(i) * copy[n - 1 + i];
  return s;
}

int main(void) {
  int bad = 0;
  for (int n = 1; n <= NMAX; n++) {
    double buf[3 * NMAX];               // x, dx and the seed, touching
    double *x = buf, *dx = buf + n, *seed = buf + 2 * n;
    for (int i = 0; i < n; i++) x[i] = 0.1 * i - 0.3, dx[i] = 0, seed[i] = i % 5;
    __enzyme_autodiff((void *)squares, enzyme_dupnoneed, (double *)0, seed, enzyme_dup, x, dx, n);
    for (int i = 0; i < n; i++) {
      bad += !check_close("dx", n * 10 + i, dx[i], (i % 5) * (i + 1) * 2 * x[i]);
      bad += !check_close("seed", n * 10 + i, seed[i], 0);
    }
    double mem[2 * NMAX], shadow[2 * NMAX] = {0};
    for (int j = 0; j < 2 * n - 1; j++) mem[j] = 0.2 * j - 0.5;
    for (int i = 0; i < n; i++) shadow[n - 1 + i] = weight(i);
    double start[2 * NMAX];
    for (int j = 0; j < 2 * n - 1; j++) start[j] = mem[j];
    __enzyme_autodiff((void *)squares, enzyme_dup, mem + n - 1, shadow + n - 1, enzyme_dup, mem, shadow, n);
    for (int j = 0; j < 2 * n - 1; j++)
      bad += !check_close("overlapping", n * 100 + j, shadow[j], CENTRAL_DIFFERENCE(start[j], 1e-6, shifted(start, n)));
  }
  return bad != 0;
}
