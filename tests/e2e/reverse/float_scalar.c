// An active float scalar.  C passes a float through "..." as a double
// (default argument promotion), so the call hands fn a double for its float
// parameter; the float gradient comes back as the float return value.
#include <math.h>
#include <stdio.h>

extern int enzyme_out;
float __enzyme_autodifff(void *, ...);

float cubef(float x) { return x * x * x - 2.0f * x; }
float wavef(float x) { return sinf(x) * expf(0.5f * x); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-5 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.9g, want %.9g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  const float xs[] = {1.5f, -0.25f, 3.0f};
  for (int k = 0; k < 3; k++) {
    float x = xs[k];
    double v = x;
    check("cubef'", __enzyme_autodifff((void *)cubef, x), 3.0 * v * v - 2.0);
    check("cubef' (enzyme_out)", __enzyme_autodifff((void *)cubef, enzyme_out, x), 3.0 * v * v - 2.0);
    check("wavef'", __enzyme_autodifff((void *)wavef, x),
          (cos(v) + 0.5 * sin(v)) * exp(0.5 * v));
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
