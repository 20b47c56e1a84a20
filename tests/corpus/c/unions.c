// Unions: type punning, tagged unions, unions with arrays and structs.
#include <stdint.h>

union bits { double d; uint64_t u; unsigned char bytes[8]; struct { uint32_t lo, hi; } w; };

uint64_t to_bits(double d) { union bits b; b.d = d; return b.u; }
double from_bits(uint64_t u) { union bits b = { .u = u }; return b.d; }
int byte_sum(double d) { union bits b = { d }; int s = 0; for (int i = 0; i < 8; i++) s += b.bytes[i]; return s; }

enum kind { K_INT, K_DBL, K_PTR };
struct value { enum kind k; union { long i; double d; void *p; } u; };

double as_double(const struct value *v) {
    switch (v->k) {
    case K_INT: return (double)v->u.i;
    case K_DBL: return v->u.d;
    default: return v->u.p ? 1.0 : 0.0;
    }
}

static union bits global_u = { .w = { 1, 2 } };
uint32_t hi_word(void) { return global_u.w.hi; }
