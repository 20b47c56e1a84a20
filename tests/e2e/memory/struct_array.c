// An array of structs mixing int, float and doubles.
//   energy = sum_i w_i (v_i^2/2 + g k_i p_i0) + p_i0 p_i1 / (1 + id_i),  k_i = i % 3
// and an in-place time step with an active scalar dt:
//   p_i0 += dt v_i;  v_i *= 1 - dt w_i
// With seeds sp_i (on p_i0) and sv_i (on v_i), the reverse pass gives
//   dp_i0 = sp_i (kept: +=),  dv_i = sv_i (1 - dt w_i) + dt sp_i,
//   dw_i = -dt v_i sv_i,  d/ddt = sum_i v_i (sp_i - w_i sv_i)   (old v_i)
#include <math.h>
#include <stdio.h>

typedef struct { int id; float w; double p[2]; double v; } Body;
double __enzyme_autodiff(void *, ...);

double energy(const Body *b, int n, double g) {
  double e = 0.0;
  for (int i = 0; i < n; i++)
    e += b[i].w * (0.5 * b[i].v * b[i].v + g * (i % 3) * b[i].p[0]) +
         b[i].p[0] * b[i].p[1] / (1 + b[i].id);
  return e;
}

void step(Body *b, int n, double dt) {
  for (int i = 0; i < n; i++) {
    b[i].p[0] += dt * b[i].v;
    b[i].v *= 1.0 - dt * b[i].w;
  }
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 6 };
  const double g = 9.5, dt = 0.125;
  Body b[N], db[N] = {{0}}, old[N];
  for (int i = 0; i < N; i++) {
    b[i] = (Body){2 * i + 1, 0.5f + 0.25f * i, {cos(0.7 * i), 1.0 - 0.3 * i}, 0.4 * i - 1.0};
    old[i] = b[i];
  }
  double dg = __enzyme_autodiff((void *)energy, b, db, N, g);
  double want_dg = 0.0;
  for (int i = 0; i < N; i++) {
    double w = b[i].w, k = i % 3, q = 1.0 + b[i].id;
    want_dg += w * k * b[i].p[0];
    check("dE/dw (float)", i, db[i].w, 0.5 * b[i].v * b[i].v + g * k * b[i].p[0], 1e-6);
    check("dE/dv", i, db[i].v, w * b[i].v, 1e-14);
    check("dE/dp0", i, db[i].p[0], w * g * k + b[i].p[1] / q, 1e-14);
    check("dE/dp1", i, db[i].p[1], b[i].p[0] / q, 1e-14);
    check("id shadow untouched", i, db[i].id, 0, 0.0);
  }
  check("dE/dg", 0, dg, want_dg, 1e-14);

  Body sb[N] = {{0}};
  for (int i = 0; i < N; i++) {
    sb[i].p[0] = 1.0 + i;
    sb[i].v = 0.5 - i;
  }
  double ddt = __enzyme_autodiff((void *)step, b, sb, N, dt), want_ddt = 0.0;
  for (int i = 0; i < N; i++) {
    double sp = 1.0 + i, sv = 0.5 - i, w = old[i].w, v = old[i].v;
    want_ddt += v * (sp - w * sv);
    check("primal p0", i, b[i].p[0], old[i].p[0] + dt * v, 1e-15);
    check("primal v", i, b[i].v, v * (1.0 - dt * w), 1e-15);
    check("dp0 kept", i, sb[i].p[0], sp, 1e-15);
    check("dv", i, sb[i].v, sv * (1.0 - dt * w) + dt * sp, 1e-14);
    check("dw (float)", i, sb[i].w, -dt * v * sv, 1e-6);
  }
  check("d/ddt", 0, ddt, want_ddt, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
