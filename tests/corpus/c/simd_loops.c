// CFLAGS: -ffast-math
// Loops the vectorizers like (saxpy, reductions, stencils) built with fast-math flags.
#include <math.h>

void saxpy(int n, float a, const float *restrict x, float *restrict y) {
    for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}

double dot(int n, const double *x, const double *y) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}

float maxabs(int n, const float *x) {
    float m = 0;
    for (int i = 0; i < n; i++) m = fmaxf(m, fabsf(x[i]));
    return m;
}

void stencil(int n, const double *in, double *out) {
    for (int i = 1; i + 1 < n; i++) out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

void int_ops(int n, int *restrict a, const short *restrict b, const unsigned char *restrict c) {
    for (int i = 0; i < n; i++) a[i] = (a[i] >> 1) + b[i] * c[i] - (a[i] & 7);
}

void norm(int n, double *v) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i] * v[i];
    double inv = 1.0 / sqrt(s);
    for (int i = 0; i < n; i++) v[i] *= inv;
}

long count_if(int n, const int *x, int t) {
    long c = 0;
    for (int i = 0; i < n; i++) c += x[i] > t;
    return c;
}
