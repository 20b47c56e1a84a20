// Non-inlined callees returning structs of doubles: {double,double} in
// registers, a 3-double struct through sret, results kept across a loop.
#include "../check.h"
typedef struct { double a, b; } P2;
typedef struct { double a, b, c; } P3;
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) static P2 rot(P2 p, double t) {
  P2 r = { p.a * cos(t) - p.b * sin(t), p.a * sin(t) + p.b * cos(t) };
  return r;
}
__attribute__((noinline)) static P3 lift(P2 p, double s) {
  P3 r = { p.a * s, p.b / s, p.a * p.b * s * s };
  return r;
}
__attribute__((noinline)) double chain(double *v, int n) {
  P2 p = { v[0], v[1] };
  P3 acc = { 0, 0, 0 };
  for (int i = 0; i < n; i++) {
    p = rot(p, v[2] * (i + 1));
    P3 q = lift(p, 1.0 + 0.1 * v[3] * i);
    acc.a += q.a; acc.b += q.b * q.c; acc.c = q.c;
  }
  return acc.a + acc.b + acc.c * acc.c;
}
int main(void) {
  double v[4] = {0.7, -0.4, 0.3, 1.2}, dv[4] = {0};
  __enzyme_autodiff((void *)chain, v, dv, 5);
  int bad = 0;
  for (int i = 0; i < 4; i++) bad += !check_close("dv", i, dv[i], CENTRAL_DIFFERENCE(v[i], 1e-6, chain(v, 5)));
  return bad != 0;
}
