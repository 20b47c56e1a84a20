// __enzyme_batch(fn, enzyme_width, N, args...) runs fn on N inputs: each
// argument takes N values (one per lane; `enzyme_vector` says so explicitly),
// `enzyme_scalar, v` gives every lane the same v, and `enzyme_buffer,
// stride, p` gives lane i the pointer p + i * stride bytes.  The N results
// come back as a struct of N results.  Each lane is checked against a plain
// call of fn on that lane's arguments.
#include <math.h>
#include <stdio.h>

extern int enzyme_width, enzyme_vector, enzyme_scalar, enzyme_buffer;
typedef struct { double r[4]; } D4;
typedef struct { float r[2]; } F2;
typedef struct { int r[3]; } I3;
D4 __enzyme_batch(void *, ...);
F2 __enzyme_batch_f2(void *, ...);
I3 __enzyme_batch_i3(void *, ...);
void __enzyme_batch_void(void *, ...);

double hypotish(double x, double y, int k) { return sqrt(x * x + k * y * y) + sin(x * y); }
float lerp(float a, float b, float t) { return a + t * (b - a); }
int clamp_count(const double *v, int n, double hi) {
  int c = 0;
  for (int i = 0; i < n; i++) c += v[i] > hi;
  return c;
}
typedef struct { double x, y, out; } Point;
void scale_point(Point *p, double s) { p->out = s * (p->x - 2 * p->y); }

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(got == want)) {      // each lane runs the same code: exactly equal
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double xs[4] = {0.5, -1.25, 3.0, 7.5}, ys[4] = {2.0, 0.1, -4.0, 1e-3};
  D4 h = __enzyme_batch((void *)hypotish, enzyme_width, 4, xs[0], xs[1], xs[2], xs[3],
                        enzyme_vector, ys[0], ys[1], ys[2], ys[3], enzyme_scalar, 3);
  for (int i = 0; i < 4; i++) check("hypotish", i, h.r[i], hypotish(xs[i], ys[i], 3));

  F2 l = __enzyme_batch_f2((void *)lerp, enzyme_scalar, 1.0f, enzyme_width, 2, 5.0f, -3.0f,
                           enzyme_vector, 0.25f, 0.75f);
  check("lerp", 0, l.r[0], lerp(1.0f, 5.0f, 0.25f));
  check("lerp", 1, l.r[1], lerp(1.0f, -3.0f, 0.75f));

  double rows[3][5] = {{1, 9, 2, 8, 3}, {0, 0, 7, 7, 7}, {5, 4, 3, 2, 1}};
  I3 c = __enzyme_batch_i3((void *)clamp_count, enzyme_width, 3, enzyme_buffer,
                           (long)sizeof rows[0], &rows[0][0], enzyme_scalar, 5, 2.5, 6.5, 3.5);
  double his[3] = {2.5, 6.5, 3.5};
  for (int i = 0; i < 3; i++) check("clamp_count", i, c.r[i], clamp_count(rows[i], 5, his[i]));

  Point p[2] = {{1.0, 2.0, 0.0}, {-3.0, 0.5, 0.0}};
  __enzyme_batch_void((void *)scale_point, enzyme_width, 2, &p[0], &p[1], 1.5, -2.0);
  check("scale_point", 0, p[0].out, 1.5 * (1.0 - 4.0));
  check("scale_point", 1, p[1].out, -2.0 * (-3.0 - 1.0));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
