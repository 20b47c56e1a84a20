// libm calls and the intrinsics clang turns them into.
#include <math.h>
#include <float.h>

double f1(double x) { return sin(x) * cos(x) + tan(x) + exp(x) + log(x) + log10(x) + log2(x); }
double f2(double x, double y) { return pow(x, y) + atan2(y, x) + fmod(x, y) + hypot(x, y) + copysign(x, y); }
float f3(float x) { return sqrtf(x) + fabsf(x) + floorf(x) + ceilf(x) + roundf(x) + truncf(x) + expf(x); }
double f4(double x, double y, double z) { return fma(x, y, z) + fmax(x, y) + fmin(y, z) + cbrt(x) + erf(x); }
long double f5(long double x) { return sqrtl(x) + sinl(x) + fabsl(x); }
int f6(double x) { return isnan(x) + isinf(x) + isfinite(x) + signbit(x) + (int)lround(x) + ilogb(x); }
double f7(double x) { int e; double m = frexp(x, &e); return ldexp(m, e + 1) + nextafter(x, 0.0) + DBL_EPSILON; }
double f8(double x) { return x > 0 ? sqrt(x) : -sqrt(-x); }
double f9(double x) { return __builtin_expect(x > 1e300, 0) ? INFINITY : NAN + x; }
double f10(double x) { return tanh(x) + asinh(x) + acosh(x + 2) + atanh(x / 2) + expm1(x) + log1p(x); }
