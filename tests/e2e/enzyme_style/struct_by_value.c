// Structs passed and returned by value.
//   norm2(Vec2 v) = v.x^2 + v.y^2: {double,double} is passed in two registers,
//     the two active fields come back as a struct of two doubles
//   dot3(const Vec3 *a, Vec3 b): a 3-double struct by value goes byval through
//     memory; only a (dup) is differentiated, b is const
//   f(x) = len(add(mk(x, 2x), mk(1, x))) calls helpers returning structs
//     (always_inline: at -O0 a non-inlined helper with a local struct hits the
//     bug of local_array_helper.c).
#include <math.h>
#include <stdio.h>

typedef struct { double x, y; } Vec2;
typedef struct { double x, y, z; } Vec3;
typedef struct { double a, b; } D2;
D2 __enzyme_autodiff(void *, ...);
void __enzyme_autodiff3(void *, ...);
extern int enzyme_const;
double __enzyme_autodiff1(void *, double);

double norm2(Vec2 v) { return v.x * v.x + v.y * v.y; }
double dot3(const Vec3 *a, Vec3 b) { return a->x * b.x + a->y * b.y + a->z * b.z * b.z; }
#define INL static inline __attribute__((always_inline))
INL Vec2 mk(double a, double b) { Vec2 r = {a, b}; return r; }
INL Vec2 add(Vec2 p, Vec2 q) { return mk(p.x + q.x, p.y + q.y); }
INL double len(Vec2 v) { return sqrt(v.x * v.x + v.y * v.y); }
double f(double x) { return len(add(mk(x, 2 * x), mk(1.0, x))); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  Vec2 v = {1.5, -0.5};
  D2 g = __enzyme_autodiff((void *)norm2, v);
  check("dnorm2/dx", g.a, 3.0);
  check("dnorm2/dy", g.b, -1.0);
  Vec3 a = {1.0, 2.0, 3.0}, da = {0}, b = {0.5, -1.0, 2.0};
  __enzyme_autodiff3((void *)dot3, &a, &da, enzyme_const, b);
  check("ddot/da.x", da.x, 0.5);
  check("ddot/da.y", da.y, -1.0);
  check("ddot/da.z", da.z, 4.0);
  double x = 0.8, u = x + 1.0, w = 3.0 * x;
  check("df/dx", __enzyme_autodiff1((void *)f, x), (u + 3.0 * w) / sqrt(u * u + w * w));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
