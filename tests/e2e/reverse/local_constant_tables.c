/* Local arrays of numbers (analysis/activity.py `_numbers_written_in_place`):
 * a table written only with constants and an inactive argument, or copied
 * from a constant global, needs no shadow and its loads are inactive (a
 * Kalman filter's transition matrix).  Nearby shapes that must keep their
 * shadow: a table with one active entry, a table whose active entry is
 * stored after the loop that reads it was entered (the activity fixpoint),
 * a table a callee fills with active values, a table copied from the
 * active input, a table whose active entry is written through a
 * computed index.  Reverse against central differences. */
#include <math.h>
#include <string.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

static const double ROT[4] = {0.8, -0.6, 0.6, 0.8};
static double dt_global = 0.1;

static double step(const double F[2][2], double *v) {
  double a = F[0][0] * v[0] + F[0][1] * v[1], b = F[1][0] * v[0] + F[1][1] * v[1];
  v[0] = sin(a);
  v[1] = b * a;
  return a * b;
}

/* constants and an inactive value only */
__attribute__((noinline)) double constant_table(double *x) {
  double dt = dt_global;
  double F[2][2] = {{1, dt}, {0, 1 - dt}};
  double v[2] = {x[0], x[1]}, s = 0;
  for (int t = 0; t < 6; t++) s += step(F, v);
  return s + v[0] * x[2];
}

/* copied from a constant global */
__attribute__((noinline)) double copied_table(double *x) {
  double R[4], s = 0;
  memcpy(R, ROT, sizeof R);
  for (int i = 0; i < 3; i++) s += (R[0] * x[i] + R[1] * x[i + 1]) * (R[2] * x[i] + R[3] * x[i + 1]);
  return s;
}

/* one entry active: the table keeps its shadow */
__attribute__((noinline)) double active_entry(double *x) {
  double F[2][2] = {{1, 0.1}, {x[3], 0.9}};
  double v[2] = {x[0], x[1]}, s = 0;
  for (int t = 0; t < 5; t++) s += step(F, v);
  return s;
}

/* the active entry is stored inside the loop, after the first read */
__attribute__((noinline)) double stored_late(double *x) {
  double F[2][2] = {{1, 0.1}, {0.2, 0.9}};
  double v[2] = {x[0], x[1]}, s = 0;
  for (int t = 0; t < 5; t++) {
    s += step(F, v);
    F[1][0] = x[2] * 0.5;
  }
  return s;
}

static __attribute__((noinline)) void fill_with(double *T, const double *x) {
  for (int i = 0; i < 4; i++) T[i] = x[i] * x[i];
}
/* a callee writes the table */
__attribute__((noinline)) double callee_filled(double *x) {
  double T[4];
  fill_with(T, x);
  return T[0] * T[1] + sin(T[2]) * T[3];
}

/* copied from the active input */
__attribute__((noinline)) double copied_active(double *x) {
  double T[4];
  memcpy(T, x, sizeof T);
  return T[0] * T[3] + T[1] * T[2] * T[2];
}

static int pick = 2;
/* the active entry lands at an index known only at run time */
__attribute__((noinline)) double computed_index(double *x) {
  double T[4] = {1, 2, 3, 4};
  T[pick] = x[1];
  double s = 0;
  for (int i = 0; i < 4; i++) s += T[i] * x[i];
  return s * s;
}

int main(void) {
  double x[5] = {0.3, -0.7, 1.1, 0.4, 0.9};
  int bad = CHECK_REVERSE(constant_table, x, 5);
  bad += CHECK_REVERSE(copied_table, x, 5);
  bad += CHECK_REVERSE(active_entry, x, 5);
  bad += CHECK_REVERSE(stored_late, x, 5);
  bad += CHECK_REVERSE(callee_filled, x, 5);
  bad += CHECK_REVERSE(copied_active, x, 5);
  bad += CHECK_REVERSE(computed_index, x, 5);
  return bad != 0;
}
