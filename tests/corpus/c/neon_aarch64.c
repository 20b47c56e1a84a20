// CFLAGS: --target=aarch64-linux-gnu -ffreestanding
// Fixed-width NEON vectors and the AAPCS64 calling convention (homogeneous aggregates).
#include <arm_neon.h>

float32x4_t fma4(float32x4_t a, float32x4_t b, float32x4_t c) { return vfmaq_f32(c, a, b); }
struct hfa { double a, b, c; };
double hfa_sum(struct hfa h) { return h.a + h.b + h.c; }
int16x8_t widen_mul(int8x8_t a, int8x8_t b) { return vmull_s8(a, b); }
uint32_t lanes(uint32x4_t v) { return vgetq_lane_u32(v, 1) + vaddvq_u32(v); }
