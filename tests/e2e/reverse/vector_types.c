// GCC/clang vector types: v2d = two doubles.  With lane weights c = (1, 2):
//   vf = sum_i sum_l c_l a_il^2 b_il:  da_il = 2 c_l a_il b_il, db_il = c_l a_il^2
// and a lane swap (shufflevector), lane weights (1, 3):
//   vs = sum_i a_i1 b_i0 + 3 a_i0 b_i1
#include <math.h>
#include <stdio.h>

typedef double v2d __attribute__((vector_size(16)));
void __enzyme_autodiff(void *, ...);

double vf(const v2d *a, const v2d *b, int n) {
  v2d acc = {0.0, 0.0};
  for (int i = 0; i < n; i++) acc += a[i] * a[i] * b[i];
  return acc[0] + 2.0 * acc[1];
}

double vs(const v2d *a, const v2d *b, int n) {
  const v2d w = {1.0, 3.0};
  v2d acc = {0.0, 0.0};
  for (int i = 0; i < n; i++) acc += __builtin_shufflevector(a[i], a[i], 1, 0) * b[i] * w;
  return acc[0] + acc[1];
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  v2d a[N], b[N], da[N], db[N], ea[N], eb[N];
  for (int i = 0; i < N; i++) {
    a[i] = (v2d){0.5 + i, -0.25 * i};
    b[i] = (v2d){1.0 - 0.1 * i, 2.0 + i};
    da[i] = db[i] = ea[i] = eb[i] = (v2d){0.0, 0.0};
  }
  __enzyme_autodiff((void *)vf, a, da, b, db, N);
  __enzyme_autodiff((void *)vs, a, ea, b, eb, N);
  const double c[2] = {1.0, 2.0};
  for (int i = 0; i < N; i++) {
    for (int l = 0; l < 2; l++) {
      check(l ? "vf: da lane 1" : "vf: da lane 0", i, da[i][l], 2.0 * c[l] * a[i][l] * b[i][l], 1e-14);
      check(l ? "vf: db lane 1" : "vf: db lane 0", i, db[i][l], c[l] * a[i][l] * a[i][l], 1e-14);
    }
    check("vs: da lane 0", i, ea[i][0], 3.0 * b[i][1], 1e-14);
    check("vs: da lane 1", i, ea[i][1], b[i][0], 1e-14);
    check("vs: db lane 0", i, eb[i][0], a[i][1], 1e-14);
    check("vs: db lane 1", i, eb[i][1], 3.0 * a[i][0], 1e-14);
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
