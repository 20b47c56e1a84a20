// A struct mixing int, float, double, a double array and a char, passed by
// pointer.  Reading it:
//   f = w a^2 + sum_{i<n} (c_i^2 a + w sin c_i) + n
//   df/dw = a^2 + sum_{i<n} sin c_i,  df/da = 2 w a + sum_{i<n} c_i^2,
//   df/dc_i = 2 c_i a + w cos c_i (i < n, else 0); int/char shadows untouched.
// Writing another one (outputs seeded by the caller, consumed by the reverse):
//   out.w = w^2, out.a = a w, out.c_i = c_i a
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct { int n; float w; double a; double c[4]; char tag; } Mixed;
void __enzyme_autodiff(void *, ...);

double f(const Mixed *m) {
  double s = (double)m->w * m->a * m->a;
  for (int i = 0; i < m->n; i++) s += m->c[i] * m->c[i] * m->a + m->w * sin(m->c[i]);
  return s + m->n;
}

void transform(Mixed *out, const Mixed *in) {
  out->n = in->n + 1;
  out->tag = in->tag;
  out->w = in->w * in->w;
  out->a = in->a * in->w;
  for (int i = 0; i < 4; i++) out->c[i] = in->c[i] * in->a;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  Mixed m = {3, 1.5f, 0.75, {0.5, -1.25, 2.0, 9.0}, 'q'}, dm;
  memset(&dm, 0, sizeof dm);
  dm.n = 7;
  dm.tag = 'z';
  __enzyme_autodiff((void *)f, &m, &dm);
  double w = m.w, a = m.a, dw = a * a, da = 2.0 * w * a;
  for (int i = 0; i < 3; i++) {
    dw += sin(m.c[i]);
    da += m.c[i] * m.c[i];
  }
  check("df/dw (float)", 0, dm.w, dw, 1e-6);
  check("df/da", 0, dm.a, da, 1e-14);
  for (int i = 0; i < 4; i++)
    check("df/dc", i, dm.c[i], i < 3 ? 2.0 * m.c[i] * a + w * cos(m.c[i]) : 0.0, 1e-14);
  check("int shadow untouched", 0, dm.n, 7, 0.0);
  check("char shadow untouched", 0, dm.tag, 'z', 0.0);

  Mixed out, dout, din;
  memset(&out, 0, sizeof out);
  memset(&din, 0, sizeof din);
  memset(&dout, 0, sizeof dout);
  dout.w = 2.0f;
  dout.a = 2.0;
  for (int i = 0; i < 4; i++) dout.c[i] = 1.0 + i;
  __enzyme_autodiff((void *)transform, &out, &dout, &m, &din);
  check("primal out.n", 0, out.n, 4, 0.0);
  check("primal out.a", 0, out.a, a * w, 1e-15);
  check("din.w", 0, din.w, 2.0 * w * 2.0 + a * 2.0, 1e-6);
  double dina = w * 2.0;
  for (int i = 0; i < 4; i++) {
    dina += m.c[i] * (1.0 + i);
    check("din.c", i, din.c[i], a * (1.0 + i), 1e-14);
    check("dout.c consumed", i, dout.c[i], 0.0, 0.0);
  }
  check("din.a", 0, din.a, dina, 1e-14);
  check("dout.w consumed", 0, dout.w, 0.0, 0.0);
  check("dout.a consumed", 0, dout.a, 0.0, 0.0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
