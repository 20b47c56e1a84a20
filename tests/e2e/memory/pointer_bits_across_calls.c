// Addresses handed to helpers and back as uintptr_t: a helper returning an
// address, one reading through an address it is given, a table of addresses
// filled by one helper and read through another, a helper scaling the
// double at an address, one stepping an address by k doubles, and one
// storing an address into a struct's pointer field.  The shadow must follow
// each address as the pointer does, in both modes, against central
// differences.  At -O0 step's address goes through a local variable, and
// the pointer made of what it returns is refused instead (lit
// address-bits-across-calls.ll): that check is left out there.
#include "../check.h"
#include <stdint.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;
#define N 4
typedef struct { double *p; int n; } View;

__attribute__((noinline)) static uintptr_t address_of(double *p, int k) { return (uintptr_t)(p + k); }
__attribute__((noinline)) static double read_at(uintptr_t a) { return *(double *)a; }
__attribute__((noinline)) static void scale_at(uintptr_t a, double s) { *(double *)a *= s; }
__attribute__((noinline)) static uintptr_t step(uintptr_t a, int k) { return a + 8 * (uintptr_t)k; }
__attribute__((noinline)) static void set_view(View *v, uintptr_t a, int n) { v->p = (double *)a; v->n = n; }

double via_return(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) { double *p = (double *)address_of(x, i); s += *p * *p; }
  return s;
}
double via_argument(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) s += read_at((uintptr_t)&x[i]) * x[i];
  return s;
}
double via_table(double *x) {
  uintptr_t t[N];
  for (int i = 0; i < N; i++) t[i] = address_of(x, N - 1 - i);
  double s = 0;
  for (int i = 0; i < N; i++) s += read_at(t[i]) * (i + 1);
  return s;
}
double via_write(double *x) {
  double y[N];
  for (int i = 0; i < N; i++) y[i] = x[i];
  for (int i = 0; i < N; i++) scale_at((uintptr_t)&y[i], x[i]);
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i];
  return s;
}
double via_step(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) s += *(double *)step((uintptr_t)x, i) * x[i];
  return s;
}
double via_view(double *x) {
  View v;
  set_view(&v, (uintptr_t)x, N);
  double s = 0;
  for (int i = 0; i < v.n; i++) s += v.p[i] * v.p[(i + 1) % N];
  return s;
}

static double X[N] = {0.7, -1.3, 0.4, 2.1};
#define CHECK_BOTH(f) CHECK_BOTH_MODES(f, X, N)

int main(void) {
  int bad = CHECK_BOTH(via_return) + CHECK_BOTH(via_argument) + CHECK_BOTH(via_table) +
            CHECK_BOTH(via_write) + CHECK_BOTH(via_view);
#ifdef __OPTIMIZE__
  bad += CHECK_BOTH(via_step);
#endif
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
