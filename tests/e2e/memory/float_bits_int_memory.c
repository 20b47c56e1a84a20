// Doubles moved as uint64_t bits through integer-typed memory and across
// calls: a helper returning a double's bits (memcpy into uint64_t), a helper
// taking bits loaded from a uint64_t array, and bits stored through a
// uint64_t lvalue and read back through memcpy into a double.  The bits are
// the double: its derivative must follow them, in both modes.
//   via_return(x):  sum 3 * (x_i^2)          d/dx_i = 6 x_i
//   via_param(x):   sum 3 * (x_i^2) + x_0 x_1   (bits loaded, then passed)
//   via_store(x):   sum (x_i^2) * x_i           through a long array
//   via_scratch(x): x_0 * (bits of x_1 + 1 written into a double slot)
#include "../check.h"
#include <stdint.h>
#include <string.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;

__attribute__((noinline)) static uint64_t bits_of(double d) {
  uint64_t b; memcpy(&b, &d, 8); return b;
}
__attribute__((noinline)) static double double_of(uint64_t b) {
  double d; memcpy(&d, &b, 8); return d;
}
static inline uint64_t bits_inline(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
static inline double double_inline(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }

#define N 4
double via_return(double *x) {
  uint64_t buf[N];
  for (int i = 0; i < N; i++) buf[i] = bits_of(x[i] * x[i]);
  double s = 0;
  for (int i = 0; i < N; i++) s += 3 * double_inline(buf[i]);
  return s;
}
double via_param(double *x) {
  uint64_t buf[N];
  for (int i = 0; i < N; i++) { double d = x[i] * x[i]; memcpy(&buf[i], &d, 8); }
  double s = x[0] * x[1];
  for (int i = 0; i < N; i++) s += 3 * double_of(buf[i]);
  return s;
}
__attribute__((noinline)) static void store_bits(long *out, const double *x) {
  for (int i = 0; i < N; i++) out[i] = (long)bits_inline(x[i] * x[i]);
}
double via_store(double *x) {
  long buf[N];
  store_bits(buf, x);
  double s = 0;
  for (int i = 0; i < N; i++) { double d; memcpy(&d, &buf[i], 8); s += d * x[i]; }
  return s;
}
__attribute__((noinline)) static void touch(long *p) { __asm__ volatile("" : : "r"(p) : "memory"); }
double via_local(double *x) {
  long buf[N];
  for (int i = 0; i < N; i++) buf[i] = (long)bits_inline(x[i] * x[i]);
  touch(buf);
  double s = 0;
  for (int i = 0; i < N; i++) { double d; memcpy(&d, &buf[i], 8); s += d * x[i]; }
  return s;
}
double via_scratch(double *x) {
  double slot[2];
  uint64_t b = bits_inline(x[1] + 1);
  memcpy(&slot[1], &b, 8);
  slot[0] = double_of(bits_of(x[0]));
  return slot[0] * slot[1];
}

static double X[N] = {0.7, -1.3, 0.4, 2.1};
#define CHECK_BOTH(f) CHECK_BOTH_MODES(f, X, N)

int main(void) {
  int bad = CHECK_BOTH(via_return) + CHECK_BOTH(via_param) + CHECK_BOTH(via_store) + CHECK_BOTH(via_local) +
            CHECK_BOTH(via_scratch);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
