// C99 complex arithmetic (calls to __muldc3/__divdc3 at -O0, struct-like returns).
#include <complex.h>

double complex cmul(double complex a, double complex b) { return a * b; }
double complex cdiv(double complex a, double complex b) { return a / b; }
float complex fcadd(float complex a, float complex b) { return a + b; }
double cabs2(double complex z) { return creal(z) * creal(z) + cimag(z) * cimag(z); }
double complex cexp_i(double t) { return cexp(I * t); }
double complex conj_sum(const double complex *v, int n) {
    double complex s = 0;
    for (int i = 0; i < n; i++) s += conj(v[i]);
    return s;
}
long double complex ldc(long double complex a) { return a * a; }
