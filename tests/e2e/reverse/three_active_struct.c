// Three active scalars: the gradient struct is 24 bytes, which the x86-64 C
// ABI returns through a hidden sret pointer.  f = x*y*z + x/z.
#include <math.h>
#include <stdio.h>

typedef struct { double dx, dy, dz; } D3;
D3 __enzyme_autodiff3(void *, ...);

double f(double x, double y, double z) { return x * y * z + x / z; }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const double pts[][3] = {{1.0, 2.0, 3.0}, {-0.5, 4.0, 0.25}};
  for (int k = 0; k < 2; k++) {
    double x = pts[k][0], y = pts[k][1], z = pts[k][2];
    D3 d = __enzyme_autodiff3((void *)f, x, y, z);
    check("df/dx", d.dx, y * z + 1.0 / z, 1e-14);
    check("df/dy", d.dy, x * z, 1e-14);
    check("df/dz", d.dz, x * y - x / (z * z), 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
