// Floating point: negation, all comparison kinds, conversions between int and float types,
// NaN-aware comparisons, hex float literals.
#include <math.h>
#include <stdint.h>

double neg(double x) { return -x; }
int cmp_all(double a, double b) {
    return (a < b) + (a <= b) * 2 + (a > b) * 4 + (a >= b) * 8 + (a == b) * 16 + (a != b) * 32 +
           isunordered(a, b) * 64 + isless(a, b) * 128 + islessgreater(a, b) * 256;
}
int64_t to_i64(double x) { return (int64_t)x; }
uint64_t to_u64(double x) { return (uint64_t)x; }
uint8_t to_u8(float x) { return (uint8_t)x; }
double from_u64(uint64_t x) { return (double)x; }
float from_i16(int16_t x) { return (float)x; }
float narrow(double x) { return (float)x; }
double widen(float x) { return x; }
double hexlit(void) { return 0x1.8p3 + 0x1p-1074 + -0.0 + 1e308 * 10; }
float fconst(float x) { return x * 0.1f + 3.4028235e38f; }
double round_trip(double x) { return (double)(float)x; }
int sign(double x) { return (x > 0) - (x < 0); }
