// A double's bits and an address handed through helpers as integers
// (memory/float_bits_int_memory.c, memory/pointer_bits_across_calls.c) in
// split mode (augmentfwd/reverse, the tape kept between), against central
// differences, and the same gradient as __enzyme_autodiff's.
//   f(x) = sum_i x_i^2 x_{N-1-i}, the squares kept as bits in a uint64_t
//   table and the addresses of x_{N-1-i} in a uintptr_t table.
#include "../check.h"
#include <stdint.h>
#include <string.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
extern int enzyme_dup, enzyme_const;
#define N 4

__attribute__((noinline)) static uint64_t bits_of(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
__attribute__((noinline)) static uintptr_t address_of(double *p, int k) { return (uintptr_t)(p + k); }
__attribute__((noinline)) static double read_at(uintptr_t a) { return *(double *)a; }

void f(double *x, double *out) {
  uint64_t sq[N];
  uintptr_t at[N];
  for (int i = 0; i < N; i++) sq[i] = bits_of(x[i] * x[i]), at[i] = address_of(x, N - 1 - i);
  double s = 0;
  for (int i = 0; i < N; i++) { double d; memcpy(&d, &sq[i], 8); s += d * read_at(at[i]); }
  *out = s;
}
static double f_value(double *x) { double y; f(x, &y); return y; }

// df/dx_k by split mode, the seed 1 on the output.
double split_partial(double *x, int k) {
  double dx[N] = {0}, y, dy = 1;
  void *tape = __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx, enzyme_dup, &y, &dy);
  __enzyme_reverse((void *)f, enzyme_dup, x, dx, enzyme_dup, &y, &dy, tape);
  return dx[k];
}
// df/dx_k by reverse mode.
double partial(double *x, int k) {
  double dx[N] = {0}, y, dy = 1;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, &y, &dy);
  return dx[k];
}

int main(void) {
  double x[N] = {0.7, -1.3, 0.4, 2.1};
  int bad = 0;
  for (int k = 0; k < N; k++) {
    double want = CENTRAL_DIFFERENCE(x[k], 1e-6, f_value(x));
    bad += !check_close("split", k, split_partial(x, k), want);
    bad += !check_close("reverse", k, partial(x, k), want);
  }
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
