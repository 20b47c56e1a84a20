// Unusual integer widths: __int128, _BitInt(N) / _ExtInt(N), 1-bit booleans.
#include <stdbool.h>
__int128 mul128(__int128 a, __int128 b) { return a * b; }
unsigned __int128 shl128(unsigned __int128 a, int s) { return a << s; }
typedef _BitInt(37) i37;
#if __clang_major__ >= 15
typedef unsigned _BitInt(129) u129; /* clang-14 stops at 128 bits */
#else
typedef unsigned _BitInt(128) u129;
#endif
i37 add37(i37 a, i37 b) { return a + b; }
u129 mul129(u129 a, u129 b) { return a * b; }
bool parity(unsigned x) { return __builtin_parity(x); }
_BitInt(3) tiny(_BitInt(3) x) { return x + 1; }
__int128 big_const(void) { return ((__int128)0x123456789abcdefLL << 64) | 0xfedcba9876543210ULL; }
