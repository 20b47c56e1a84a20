// An address handed as an integer to a helper that hashes it (a bucket
// index: `a % n`, `(a >> 3) ^ a`) and returns the result, which the caller
// only indexes integer memory with (a count per bucket), as std::unordered_map<const char *, T>
// does with its key at -O3 -fno-inline (_M_bucket_index).  The returned
// integer is no address: the derivative must be given, not refused, in
// both modes against central differences.  (lit
// address-bits-across-calls.ll has the shapes that stay refused: the
// result made a pointer again.)
#include "../check.h"
#include <stdint.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;
#define N 4

__attribute__((noinline)) static unsigned long bucket_of(uintptr_t a, unsigned long n) {
  return a % n;
}
__attribute__((noinline)) static unsigned long mix(uintptr_t a) { return (a >> 3) ^ (a * 31); }
__attribute__((noinline)) static unsigned long slot_of(uintptr_t a, unsigned long n) {
  return mix(a) % n;
}
// The address taken inside a helper that reads through the pointer too,
// its bucket returned to the caller: followed into the caller's uses.
__attribute__((noinline)) static unsigned long entry_bucket(double *p, double *out) {
  *out = *p * *p;
  return bucket_of((uintptr_t)p, 3);
}

static int buckets[7], slots[5], entries[3];

double hashed(double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    buckets[bucket_of((uintptr_t)&x[i], 7)]++;
    slots[slot_of((uintptr_t)&x[i], 5)]++;
    double sq;
    entries[entry_bucket(&x[i], &sq)]++;
    s += x[i] * x[(i + 1) % N] + sq;
  }
  return s;
}

static double X[N] = {0.7, -1.3, 0.4, 2.1};

int main(void) {
  if (CHECK_BOTH_MODES(hashed, X, N)) return 1;
  printf("ok\n");
  return 0;
}
