// Bit-manipulation and misc builtins: popcount, ctz/clz, bswap, rotates, overflow checks,
// __builtin_assume/unreachable/trap/expect, prefetch, object size.
#include <stdint.h>
#include <stdbool.h>

int bits(uint32_t x, uint64_t y) {
    return __builtin_popcount(x) + __builtin_ctz(x | 1) + __builtin_clzll(y | 1) + __builtin_parity(x) + __builtin_ffs(x);
}
uint32_t swap32(uint32_t x) { return __builtin_bswap32(x); }
uint64_t swap64(uint64_t x) { return __builtin_bswap64(x); }
uint32_t rotl(uint32_t x, int n) { return (x << (n & 31)) | (x >> ((32 - n) & 31)); }
bool add_ovf(int a, int b, int *r) { return __builtin_add_overflow(a, b, r); }
bool mul_ovf(unsigned long a, unsigned long b, unsigned long *r) { return __builtin_umull_overflow(a, b, r); }
int assume_pos(int x) { __builtin_assume(x > 0); return x / 2; }
int never(int x) { if (x > 10) __builtin_unreachable(); return x; }
void trap_if(int x) { if (x) __builtin_trap(); }
void prefetch(const char *p) { __builtin_prefetch(p, 0, 3); }
int likely(int x) { return __builtin_expect(x == 3, 1) ? 5 : 6; }
int abs_diff(int a, int b) { return __builtin_abs(a - b); }
uint8_t reverse_bits(uint8_t x) { return __builtin_bitreverse8(x); }
unsigned sat_add(unsigned a, unsigned b) { unsigned r = a + b; return r < a ? ~0u : r; }
int minmax(int a, int b, int c) { int m = a < b ? a : b; return m > c ? m : c; }
