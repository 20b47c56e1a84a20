// CFLAGS: -fno-vectorize -fno-unroll-loops
// Local arrays overwritten in place, their old values read again in reverse
// through the undo log (a matrix product reads each element four times for
// each store: analysis/memory.py `restorable_loads`; from -O1, where the
// product is inlined and its loops kept).  Where the reverse pass computes
// a store's address from loop counters (cache_policy `address_at_hand`) the
// log keeps only the overwritten bytes and the address is computed again
// (undo_log.py `_addresses_in_reverse`); it must be the address of the
// execution being undone: a Taylor term scaled in place (a matrix
// exponential), an index counting down, a store in some iterations only, an
// index from a table (no counter: its address kept) and an element of the
// outer loop's row rewritten in the inner loop.  Checked against central
// differences.
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

static int perm[16] = {3, 0, 5, 1, 4, 2, 9, 7, 6, 8, 15, 11, 10, 14, 12, 13};

static void matmul4(const double *a, const double *b, double *c) {   // c = a b, 4 x 4
  for (int row = 0; row < 16; row += 4)
    for (int col = 0; col < 4; col++) {
      double dot = a[row] * b[col];
      for (int k = 1; k < 4; k++) dot += a[row + k] * b[4 * k + col];
      c[row + col] = dot;
    }
}

static void start(double *s, double *term, double *scaled, const double *a) {
  for (int i = 0; i < 16; i++) s[i] = (i % 5 == 0), term[i] = (i % 5 == 0);
  for (int i = 0; i < 16; i++) scaled[i] = a[i] / 8.0;
}

static double finish(double *s, double *sq) {
  for (int r = 0; r < 2; r++) {
    matmul4(s, s, sq);
    memcpy(s, sq, 16 * sizeof *s);
  }
  double loss = 0;
  for (int i = 0; i < 16; i++) loss += (1 + 0.1 * i) * s[i];
  return loss;
}

double taylor(double *a) {            // term[i] = next[i] / k
  double s[16], term[16], next[16], sq[16], scaled[16];
  start(s, term, scaled, a);
  for (int k = 1; k <= 8; k++) {
    matmul4(term, scaled, next);
    for (int i = 0; i < 16; i++) term[i] = next[i] / k, s[i] += term[i];
  }
  return finish(s, sq);
}

double downward(double *a) {          // term[15 - i], counting down
  double s[16], term[16], next[16], sq[16], scaled[16];
  start(s, term, scaled, a);
  for (int k = 1; k <= 8; k++) {
    matmul4(term, scaled, next);
    for (int i = 15; i >= 0; i--) term[15 - i] = next[15 - i] / k, s[i] += term[i];
  }
  return finish(s, sq);
}

double some_iterations(double *a) {   // only the elements whose product is positive
  double s[16], term[16], next[16], sq[16], scaled[16];
  start(s, term, scaled, a);
  for (int k = 1; k <= 8; k++) {
    matmul4(term, scaled, next);
    for (int i = 0; i < 16; i++) {
      if (next[i] > 0) term[i] = next[i] / k;
      s[i] += 0.5 * term[i];
    }
  }
  return finish(s, sq);
}

double by_table(double *a) {          // term[perm[i]]: no counter, the address kept
  double s[16], term[16], next[16], sq[16], scaled[16];
  start(s, term, scaled, a);
  for (int k = 1; k <= 8; k++) {
    matmul4(term, scaled, next);
    for (int i = 0; i < 16; i++) term[perm[i]] = next[i] / k, s[i] += term[i];
  }
  return finish(s, sq);
}

double row_rewritten(double *a) {     // term[4 i + j], both counters
  double s[16], term[16], next[16], sq[16], scaled[16];
  start(s, term, scaled, a);
  for (int k = 1; k <= 8; k++) {
    matmul4(term, scaled, next);
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++) term[4 * i + j] = next[4 * j + i] / k;
    for (int i = 0; i < 16; i++) s[i] += term[i];
  }
  return finish(s, sq);
}

int main(void) {
  int bad = 0;
  double a[16];
  for (int i = 0; i < 16; i++) a[i] = 0.25 * sin(0.77 * i + 0.2) + 0.1 * cos(0.05 * i);
  bad += CHECK_REVERSE(taylor, a, 16);
  bad += CHECK_REVERSE(downward, a, 16);
  bad += CHECK_REVERSE(some_iterations, a, 16);
  bad += CHECK_REVERSE(by_table, a, 16);
  bad += CHECK_REVERSE(row_rewritten, a, 16);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
