// Registered gradients whose shapes the first versions mishandled:
//  - a function returning void whose augmented forward returns a tape
//    (void *): the tape must reach the reverse rule, after the shadows;
//  - a reverse rule for two float arguments returning struct {float, float},
//    which x86-64 returns as <2 x float>.
// The rules compute the true derivatives through their own formulas (the tape
// holds 2*src), and counters check that each ran once per call.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { float dx, dy; } F2;
double __enzyme_autodiff(void *, ...);
F2 __enzyme_autodiff_f2(void *, ...);

int augments, reverses, live;

__attribute__((noinline)) void square_into(const double *src, double *dest) {
  *dest = *src * *src;
}
void *square_into_aug(const double *src, const double *d_src, double *dest, double *d_dest) {
  (void)d_src, (void)d_dest;
  *dest = *src * *src;
  double *twice = malloc(sizeof(double));
  *twice = 2 * *src;
  augments++, live++;
  return twice;
}
void square_into_rev(const double *src, double *d_src, const double *dest, double *d_dest,
                     void *tape) {
  (void)src, (void)dest;
  *d_src += *(double *)tape * *d_dest;
  *d_dest = 0;
  free(tape);
  reverses++, live--;
}
void *__enzyme_register_gradient_square_into[3] = {
    (void *)square_into, (void *)square_into_aug, (void *)square_into_rev};

__attribute__((noinline)) float hyp(float x, float y) { return sqrtf(x * x + y * y); }
void *hyp_aug(float x, float y) { (void)x, (void)y; augments++; return (void *)0; }
F2 hyp_rev(float x, float y, float d, void *tape) {
  (void)tape;
  float h = sqrtf(x * x + y * y);
  reverses++;
  return (F2){d * x / h, d * y / h};
}
void *__enzyme_register_gradient_hyp[3] = {(void *)hyp, (void *)hyp_aug, (void *)hyp_rev};

double cube(double x) {           // x^3 through the registered square
  double y;
  square_into(&x, &y);
  return y * x;
}
float scaled_hyp(float x, float y) { return 3 * hyp(x, y); }

static int failures;
static void check(const char *what, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 1.7;
  check("d cube", __enzyme_autodiff((void *)cube, x), 3 * x * x, 1e-14);
  check("augmented calls", augments, 1, 0);
  check("reverse calls", reverses, 1, 0);
  check("tapes freed", live, 0, 0);
  float a = 3.0f, b = -4.0f;
  F2 g = __enzyme_autodiff_f2((void *)scaled_hyp, a, b);
  check("d hyp/dx", g.dx, 3 * a / 5.0, 1e-6);
  check("d hyp/dy", g.dy, 3 * b / 5.0, 1e-6);
  check("calls", augments + reverses, 4, 0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
