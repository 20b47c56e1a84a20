// Float buffers grown with realloc: from NULL inside a loop (the pointer's
// phi gets its shadow only through realloc itself), and a malloc'd block
// widened once.  The adjoints of the bytes realloc keeps must flow back as
// floats (4 bytes each), not as doubles.
//   running(a, n): r_0 = a^2, r_i = 0.75 r_{i-1} + a  -> returns r_{n-1}
//     dr_i/da = 0.75 dr_{i-1}/da + 1, dr_0/da = 2a
//   widen(a, b): v = {a*b, ...}; w = realloc(v, 3 floats); w[1] = w[0] - b;
//     w[2] = w[1] * a  -> returns w[2] + w[0] = (ab - b) a + ab
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

float __enzyme_autodiff(void *, ...);
typedef struct { float da, db; } Grad2;
Grad2 __enzyme_autodiff2(void *, ...);

float running(float a, int n) {
  float *r = NULL;
  for (int i = 0; i < n; i++) {
    r = (float *)realloc(r, (size_t)(i + 1) * sizeof(float));
    r[i] = i == 0 ? a * a : 0.75f * r[i - 1] + a;
  }
  float out = r[n - 1];
  free(r);
  return out;
}

float widen(float a, float b) {
  float *v = (float *)malloc(sizeof(float));
  v[0] = a * b;
  float *w = (float *)realloc(v, 3 * sizeof(float));
  w[1] = w[0] - b;
  w[2] = w[1] * a;
  float out = w[2] + w[0];
  free(w);
  return out;
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-5 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.9g, want %.9g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  for (int n = 1; n <= 9; n += 4) {
    float a = 1.25f;
    double want = 2.0 * a;
    for (int i = 1; i < n; i++) want = 0.75 * want + 1.0;
    check("drunning/da", __enzyme_autodiff((void *)running, a, n), want);
  }
  float a = 0.5f, b = -1.5f;
  Grad2 g = __enzyme_autodiff2((void *)widen, a, b);
  check("dwiden/da", g.da, 2.0 * a * b - b + b);
  check("dwiden/db", g.db, a * a - a + a);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
