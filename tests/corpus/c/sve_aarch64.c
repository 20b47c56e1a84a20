// CFLAGS: --target=aarch64-linux-gnu -march=armv8-a+sve -ffreestanding
// Scalable vectors (<vscale x N x T>) via the ACLE SVE intrinsics.
#include <arm_sve.h>

void daxpy(long n, double a, const double *x, double *y) {
    for (long i = 0; i < n; i += svcntd()) {
        svbool_t pg = svwhilelt_b64(i, n);
        svfloat64_t vx = svld1(pg, x + i);
        svfloat64_t vy = svld1(pg, y + i);
        svst1(pg, y + i, svmla_x(pg, vy, vx, a));
    }
}

int32_t sum(long n, const int32_t *x) {
    svint32_t acc = svdup_s32(0);
    for (long i = 0; i < n; i += svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        acc = svadd_m(pg, acc, svld1(pg, x + i));
    }
    return svaddv(svptrue_b32(), acc);
}
